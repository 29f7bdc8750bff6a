# The instances behind Varnish, and the director `app` that default.vcl sends requests to (an
# example: two instances on this machine). Every backend takes the `readiness` probe (/readyz),
# declared in default.vcl, which includes this file. Varnish resolves a host name once, when the
# VCL loads: name each instance (or one load-balanced address) and reload to change them.
import directors;

backend app_1 {
    .host = "127.0.0.1";
    .port = "3000";
    .probe = readiness;
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
}

backend app_2 {
    .host = "127.0.0.1";
    .port = "3001";
    .probe = readiness;
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
}

sub vcl_init {
    new app = directors.round_robin();
    app.add_backend(app_1);
    app.add_backend(app_2);
}
