# Varnish in front of the CMS (README "A full-page cache"): keeps the public site's answers for
# as long as they say (Cache-Control: s-maxage, at most 60 s), and forgets the ones a page write
# changed the moment it commits: the server sends `BAN` with an `X-Purge-Pattern` header, a
# regular expression of the addresses (cms/site/purging.py; CMS_PURGE_URLS names this cache).
vcl 4.1;

# The server this cache is in front of (`make run`: 127.0.0.1:8000).
backend default {
    .host = "127.0.0.1";
    .port = "8000";
}

# Who may purge: the servers (and their task workers). Add their addresses when they run apart.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "BAN") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.X-Purge-Pattern) {
            return (synth(400, "X-Purge-Pattern missing"));
        }
        # On the URL each object was stored for (below): the ban lurker can drop them in the
        # background, and a ban never waits for a request to test it.
        ban("obj.http.X-Cache-Url ~ " + req.http.X-Purge-Pattern);
        return (synth(200, "Banned"));
    }
    # The back office, its API and sign-in: never cached (they answer per user anyway).
    if (req.url ~ "^/admin(/|$)") {
        return (pass);
    }
    # Everything else follows Varnish's built-in rules: GET and HEAD without credentials or
    # cookies are looked up (a visitor of the public site has no cookie).
}

sub vcl_backend_response {
    set beresp.http.X-Cache-Url = bereq.url;
}

sub vcl_deliver {
    # Whether the answer came from the cache: HIT or MISS (the tests read it, so may you).
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    unset resp.http.X-Cache-Url;
}
