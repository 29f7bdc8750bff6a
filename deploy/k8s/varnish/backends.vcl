# This cluster's backends for default.vcl (its `include "backends.vcl";`): the servers, reached
# through their Service (deploy/k8s/server.yaml). Varnish 7.1 resolves a backend's host name once,
# when the VCL loads, and to one address only, so the backend is the Service's stable cluster
# address and Kubernetes spreads the connections over the ready pods: a pod that fails /readyz
# leaves the Service's endpoints, and a retry after a failed connection reaches another pod.
# The probe marks the backend sick only when no pod answers, so stale copies are served then.
import directors;

probe care_home_server_ready {
    .url = "/readyz";
    .timeout = 2s;
    .interval = 5s;
    .window = 5;
    .threshold = 2;
}

backend care_home_server {
    .host = "care-home-server";
    .port = "80";
    .probe = care_home_server_ready;
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}

sub vcl_init {
    new app = directors.round_robin();
    app.add_backend(care_home_server);
}
