vcl 4.1;
# The shared cache in front of two or more instances of the service, for Varnish 7.1 (Debian
# bookworm's `varnish`). The backends and the director `app` are declared in backends.vcl beside
# this file (deploy/varnish/backends.vcl is an example): start varnishd with
# `-p vcl_path=<this folder> -f <this folder>/default.vcl`. docs/operations.md, "Behind Varnish",
# says what each rule is for; the tests in test/deploy/ run it against real instances.
#
# What the service gives it: the spec's Cache-Control on every answer (s-maxage and
# stale-while-revalidate on what may be shared, no-store on errors, 429s, forms, POST and /mcp),
# ETags that are the same on every instance of a release, and /readyz for the probe.

import std;
import directors;

# An instance is in rotation while /readyz answers 200: a verified snapshot and a good overlay,
# whatever the snapshot's age (so one late pipeline run never takes every instance out at once).
probe readiness {
    .url = "/readyz";
    .expected_response = 200;
    .interval = 2s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
}

include "backends.vcl";

sub vcl_recv {
    set req.backend_hint = app.backend();
    # The flags below are this file's own, set on a restart; never a client's.
    if (req.restarts == 0) {
        unset req.http.X-Cache-Refetch;
        unset req.http.X-Cache-Stale-If-Error;
        unset req.http.X-Page-Form;
    }

    # Each instance's own health, as it stands.
    if (req.url ~ "^/(healthz|readyz)(\?|$)") {
        return (pass);
    }

    if (req.method == "POST") {
        # Kept so a read-only call (MCP, the batch check) can be sent again to another instance
        # when the first one's connection fails (vcl_backend_error). The service refuses any body
        # over 256 KiB itself (413).
        # An announced size over the limit is refused before any of the body is read, and 100
        # Continue is sent only when a body is read, so a client that waits for it (curl does, for a
        # large body) sends none of it and reads the 413.
        std.late_100_continue(true);
        if (std.integer(req.http.Content-Length, 0) > 1048576) {
            return (synth(413, "Request body too large"));
        }
        if (!std.cache_req_body(1MB)) {
            return (synth(413, "Request body too large"));
        }
    }

    # MCP is stateless (one POST per call, any instance answers any call) and never cached; its
    # Accept and protocol headers go through untouched.
    if (req.url ~ "^/mcp(/|\?|$)") {
        return (pass);
    }
    # POST (the batch check, the forms) and anything else but a read: never cached.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }

    # The service reads no cookie (no answer depends on one), so a cookie the browser holds for
    # the site must not make every page a miss.
    unset req.http.Cookie;

    # A stale copy past its stale-while-revalidate is fetched again now (vcl_hit): this lookup
    # takes no stale copy, unless no instance could answer (stale-if-error).
    if (req.http.X-Cache-Stale-If-Error) {
        # (req.grace stays set across a restart: lift the limit again.)
        set req.grace = 3650d;
    } else if (req.http.X-Cache-Refetch) {
        set req.grace = 0s;
    }

    # Pages only (never /api or /mcp, nor the other machine paths): the two choices a page makes
    # from these headers.
    if (req.url !~ "^/(api|openapi\.json|llms\.txt|\.well-known)(/|\?|$)") {
        call page_variant;
    }
}

# A page answers HTML or Markdown by Accept and, in English, suggests the Spanish page when
# Accept-Language prefers Spanish (serve/web/respond.ts, serve/words/language.ts). Browsers send
# many Accept and Accept-Language strings for those two choices; each choice is stored once.
sub page_variant {
    # Markdown or not: kept in X-Page-Form, which the stored copy varies on in place of Accept
    # (vcl_backend_response); Accept itself goes through unchanged, so an error still answers a
    # program in JSON and a browser with a page.
    if (req.http.Accept ~ "(?i)(^|,)\s*text/markdown\b") {
        set req.http.X-Page-Form = "markdown";
    } else {
        set req.http.X-Page-Form = "html";
    }

    # Spanish or not: the language range ranked first by q among es-* and en-* (ties: the one
    # listed first), refused ones (q=0) left out. The instance is sent the normalised value, so
    # what it answers always matches the copy's key.
    set req.http.X-Page-Languages = "," + std.tolower(regsuball(req.http.Accept-Language, "\s+", ""));
    set req.http.X-Page-Languages = regsuball(req.http.X-Page-Languages, ",[^,]*;q=0(\.0*)?(?=,|$)", "");
    if (req.http.X-Page-Languages !~ ",es(-[^,;]*)?(;|,|$)") {
        set req.http.Accept-Language = "en";
    } else if (req.http.X-Page-Languages !~ ",en(-[^,;]*)?(;|,|$)") {
        set req.http.Accept-Language = "es";
    } else {
        set req.http.X-Page-Q-Es = regsub(req.http.X-Page-Languages, "^.*?,es(?:-[^,;]*)?(;[^,]*)?(?:,.*)?$", "\1");
        set req.http.X-Page-Q-En = regsub(req.http.X-Page-Languages, "^.*?,en(?:-[^,;]*)?(;[^,]*)?(?:,.*)?$", "\1");
        set req.http.X-Page-Q-Es = std.real(regsub(req.http.X-Page-Q-Es, "^.*;q=([0-9.]+).*$", "\1"), 1.0);
        set req.http.X-Page-Q-En = std.real(regsub(req.http.X-Page-Q-En, "^.*;q=([0-9.]+).*$", "\1"), 1.0);
        if (std.real(req.http.X-Page-Q-Es, 0.0) > std.real(req.http.X-Page-Q-En, 0.0)) {
            set req.http.Accept-Language = "es";
        } else if (std.real(req.http.X-Page-Q-Es, 0.0) == std.real(req.http.X-Page-Q-En, 0.0) && req.http.X-Page-Languages ~ "^(,(?!e[sn](-|;|,|$))[^,]*)*,es(-|;|,|$)") {
            set req.http.Accept-Language = "es";
        } else {
            set req.http.Accept-Language = "en";
        }
        unset req.http.X-Page-Q-Es;
        unset req.http.X-Page-Q-En;
    }
    unset req.http.X-Page-Languages;
}

sub vcl_hit {
    if (obj.ttl >= 0s) {
        return (deliver);
    }
    # Stale within the answer's own stale-while-revalidate: served now while one background
    # fetch refreshes it.
    if (obj.ttl + std.duration(obj.http.X-Cache-Revalidate-Window + "s", 0s) >= 0s) {
        return (deliver);
    }
    # Past it: served only while no instance can answer (stale-if-error).
    if (req.http.X-Cache-Stale-If-Error || !std.healthy(req.backend_hint)) {
        return (deliver);
    }
    # An instance is up: fetch a fresh copy now rather than serve one this old.
    set req.http.X-Cache-Refetch = "1";
    return (restart);
}

sub vcl_backend_fetch {
    # Picked again on each attempt, so a retry goes to the next instance in rotation.
    set bereq.backend = app.backend();
}

sub vcl_backend_response {
    # An error is never stored, and never pins its address as uncacheable either (a caller's 429
    # must not make a page a miss for everyone else): the next request asks again. A refresh
    # that failed keeps the stale copy (vcl_synth then serves it, stale-if-error).
    if (beresp.status >= 500 && (bereq.is_bgfetch || bereq.http.X-Cache-Refetch)) {
        return (abandon);
    }
    if (beresp.status >= 400) {
        set beresp.ttl = 0s;
        set beresp.grace = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # Anything else not for sharing (no-store, private, no-cache, Set-Cookie, Vary: *) is passed
    # on, and its address remembered as such for two minutes (as the built-in rules do).
    if (bereq.uncacheable || beresp.ttl <= 0s || beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)no-cache|no-store|private" || beresp.http.Vary == "*") {
        return (pass(120s));
    }
    # Varnish takes the TTL from s-maxage (else max-age) and its grace from
    # stale-while-revalidate; that window is kept, then grace is stretched over stale-if-error
    # (the answer's own, else a day) for vcl_hit to serve while no instance can answer.
    set beresp.http.X-Cache-Revalidate-Window = beresp.grace;
    if (beresp.http.Cache-Control ~ "(?i)stale-if-error=[0-9]+") {
        set beresp.http.X-Cache-Error-Window = regsub(beresp.http.Cache-Control, "(?i)^.*stale-if-error=([0-9]+).*$", "\1");
    } else {
        set beresp.http.X-Cache-Error-Window = "86400";
    }
    if (std.duration(beresp.http.X-Cache-Error-Window + "s", 0s) > beresp.grace) {
        set beresp.grace = std.duration(beresp.http.X-Cache-Error-Window + "s", 0s);
    }
    unset beresp.http.X-Cache-Error-Window;
    # A page's copy varies on the Markdown-or-not choice, not on the raw Accept.
    if (bereq.http.X-Page-Form) {
        set beresp.http.Vary = regsuball(beresp.http.Vary, "(?i)(^|,)\s*Accept\s*(?=,|$)", "\1X-Page-Form");
    }
    return (deliver);
}

sub vcl_backend_error {
    # The instance's connection was refused or dropped (it stopped, or is stopping): the same
    # request to the next one, when sending it twice can change nothing (a read, MCP, the check).
    if (bereq.retries < 3 && (bereq.method == "GET" || bereq.method == "HEAD" || bereq.url ~ "^/(mcp|api/v1/check)(/|\?|$)")) {
        return (retry);
    }
    if (bereq.is_bgfetch || bereq.http.X-Cache-Refetch) {
        return (abandon);
    }
    set beresp.http.Content-Type = "application/json; charset=utf-8";
    set beresp.http.Cache-Control = "no-store";
    set beresp.http.Retry-After = "10";
    set beresp.body = {"{"error": "No instance of the service could answer. Retry in a few seconds." }"};
    return (deliver);
}

sub vcl_deliver {
    if (resp.http.Vary) {
        set resp.http.Vary = regsuball(resp.http.Vary, "X-Page-Form", "Accept");
    }
    unset resp.http.X-Cache-Revalidate-Window;
    # HIT: from the cache (fresh or stale); MISS: fetched and stored; PASS: never stored.
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } else if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}

sub vcl_synth {
    # The fresh fetch of a stale copy failed (abandoned above): serve that copy (stale-if-error).
    if (resp.status == 503 && req.http.X-Cache-Refetch && !req.http.X-Cache-Stale-If-Error && req.restarts < 3) {
        set req.http.X-Cache-Stale-If-Error = "1";
        return (restart);
    }
    if (resp.status == 413) {
        set resp.http.Content-Type = "application/json; charset=utf-8";
        set resp.http.Cache-Control = "no-store";
        set resp.body = {"{"error": "The request body is too large: at most 256 KiB is accepted." }"};
        # The body is not read: close after the answer rather than ask for the body to drain it.
        set resp.http.Connection = "close";
        return (deliver);
    }
}
