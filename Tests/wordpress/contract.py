#!/usr/bin/env python3
"""The differential contract test: the same requests to a real WordPress and to
parley-mock-server, answers compared.

Python 3 with the standard library only: it runs wherever the WordPress scripts run (CI has
python3), needs no build, and an HTTP-and-JSON comparison reads more plainly here than in a
Swift target that every `swift build` would then compile.

Both sides get the same fixture first: comments created through the API, named (`approved`,
`hold`, ...). Requests name them as `{approved}`, replaced by each side's own id; list
requests that depend on data add `include={all}`, so that totals, pages and `Link` headers
are comparable although the two sites hold different comments. Compared, per request: the
status, the error `code` and `data.status`, the headers `X-WP-Total`, `X-WP-TotalPages`,
`Link`, `Allow`, `Location` (API roots and fixture ids normalised), whether there is a body,
the JSON shape key by key (types of every value), the `status`/`code`/`deleted`/`roles`
values, and which fixture comments a list holds, in order. Ids, dates and texts are not compared.

Differences that cannot be removed are listed, each with its reason, in
contract-differences.txt (beside this file); any other difference fails the test.

The mock answers as the WordPress it is compared with (`--wp-version`, from WP_VERSION:
6.1 for Debian's 6.1.x, the mock's newest otherwise); a listed difference may be limited to
one version.

Environment: WP_BASE_URL, WP_USER, WP_APP_PASSWORD, WP_POST_ID, WP_<ROLE>_USER and
WP_<ROLE>_APP_PASSWORD for EDITOR AUTHOR CONTRIBUTOR SUBSCRIBER, WP_VERSION (wordpress.sh and
wordpress-7.1/install.sh write them), PARLEY_MOCK_SERVER_BIN. CONTRACT_VERBOSE=1 prints every
request.
"""

import base64
import json
import os
import re
import secrets
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
# In every text the run writes: the run's comments are told apart from anything else on the site.
TOKEN = "c" + secrets.token_hex(6)
ROLES = ["editor", "author", "contributor", "subscriber"]
VERBOSE = os.environ.get("CONTRACT_VERBOSE") == "1"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


class Side:
    """One server: where its site is, who may log in, and the fixture's ids there."""

    def __init__(self, name, base, api_root, accounts, post):
        self.name = name
        self.base = base.rstrip("/")
        self.api_root = api_root
        self.accounts = accounts  # role -> (user, password); "anon" absent
        self.post = post
        self.ids = {}  # fixture name -> id

    def send(self, method, path, role="anon", query=None, form=None, json_body=None, headers=None, raw_body=None):
        url = self.base + path
        if query:
            url += ("&" if "?" in url else "?") + query
        data = None
        all_headers = dict(headers or {})
        if form is not None:
            data = urllib.parse.urlencode(form).encode()
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
        if json_body is not None:
            data = json.dumps(json_body).encode()
            all_headers["Content-Type"] = "application/json"
        if raw_body is not None:
            data = raw_body.encode()
            all_headers["Content-Type"] = "application/json"
        if role != "anon":
            user, password = self.accounts[role]
            token = base64.b64encode(f"{user}:{password}".encode()).decode()
            all_headers["Authorization"] = "Basic " + token
        request = urllib.request.Request(url, data=data, method=method, headers=all_headers)
        try:
            with OPENER.open(request, timeout=30) as response:
                return response.status, dict(response.headers.items()), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers.items()), error.read()


def substitute(text, side):
    """`{name}` → the side's id of fixture `name`; `{all}` → every fixture id; `{post}`."""
    if text is None:
        return None

    def one(match):
        key = match.group(1)
        if key == "token":
            return TOKEN
        if key == "post":
            return str(side.post)
        if key == "all":
            return ",".join(str(side.ids[name]) for name in sorted(side.ids) if name in FIXTURE_NAMES)
        return str(side.ids.get(key, 999999999))

    return re.sub(r"\{(\w+)\}", one, text)


def substitute_deep(value, side):
    if isinstance(value, str):
        return substitute(value, side)
    if isinstance(value, dict):
        return {k: substitute_deep(v, side) for k, v in value.items()}
    if isinstance(value, list):
        return [substitute_deep(v, side) for v in value]
    return value


def normalise_header(name, value, side):
    """API roots become `{API}`, a new comment's id `{new}`, fixture ids in links their names."""
    if value is None:
        return None
    value = value.replace(side.api_root, "{API}")
    if name == "Location":
        value = re.sub(r"/comments/\d+$", "/comments/{new}", value)
    if name == "Link":
        # Comment ids and the post id are named apart: on the mock a comment's id can equal
        # the post's (the "guest" fixture's does), and `post=` names a post, never a comment.
        names = {str(v): "{" + k + "}" for k, v in side.ids.items()}
        posts = {str(side.post): "{post}"}

        def rename(match):
            known = posts if match.group(1).startswith("post") else names
            return match.group(1) + known.get(match.group(2), match.group(2))

        value = re.sub(r"((?:include|exclude|parent|parent_exclude|post)(?:%5B\d+%5D)?=)(\d+)", rename, value)
    return value


def shape(value, path, out):
    """Flattens a JSON value to {path: type}; list items are merged under `[]`."""
    if isinstance(value, dict):
        out[path] = "object"
        for key, item in value.items():
            shape(item, f"{path}.{key}", out)
    elif isinstance(value, list):
        out[path] = "list" if value else "list(empty)"
        for item in value:
            shape(item, path + "[]", out)
    else:
        out[path] = {bool: "bool", int: "int", float: "float", str: "string", type(None): "null"}[type(value)]
    return out


def values_that_matter(value, side):
    """Statuses, codes, roles, `deleted`, and which fixture comments a list holds."""
    names = {v: k for k, v in side.ids.items()}
    found = {}
    if isinstance(value, list) and all(isinstance(v, dict) and "id" in v for v in value):
        found["$.ids"] = [names.get(v["id"], "other") for v in value]
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):
        found["$.statuses"] = [v.get("status") for v in value]
    if isinstance(value, dict):
        for key in ["status", "code", "deleted", "roles", "username"]:
            if key in value and key != "username":
                found["$." + key] = value[key]
        if isinstance(value.get("data"), dict) and "status" in value["data"]:
            found["$.data.status"] = value["data"]["status"]
        if isinstance(value.get("previous"), dict):
            found["$.previous.status"] = value["previous"].get("status")
    return found


COMPARED_HEADERS = ["X-WP-Total", "X-WP-TotalPages", "Link", "Allow", "Location"]


def answer_summary(side, case, status, headers, body):
    lower = {k.lower(): v for k, v in headers.items()}
    summary = {"status": status, "body": "none" if not body else "some"}
    for name in COMPARED_HEADERS:
        value = lower.get(name.lower())
        if case.get("loose") and name in ("X-WP-Total", "X-WP-TotalPages") and value is not None:
            value = "(number)"
        if case.get("loose") and name == "Link" and value is not None:
            value = re.sub(r"<[^>]*>", "<…>", value) if "api.w.org" not in value else value
        summary["header " + name] = normalise_header(name, value, side)
    parsed = None
    served_routes = ["/wp/v2/comments", "/wp/v2/comments/(?P<id>[\\d]+)", "/wp/v2/users/me"]
    if body:
        try:
            parsed = json.loads(body)
        except ValueError:
            summary["json"] = "not JSON"
    if isinstance(parsed, dict) and isinstance(parsed.get("routes"), dict):
        # The index: only the routes the mock serves are compared; the others are listed.
        summary["routes-not-served"] = " ".join(sorted(k for k in parsed["routes"] if k not in served_routes))
        parsed = dict(parsed, routes={k: v for k, v in parsed["routes"].items() if k in served_routes})
    if parsed is not None:
        for path, kind in shape(parsed, "$", {}).items():
            summary["shape " + path] = kind
        for path, value in values_that_matter(parsed, side).items():
            if case.get("loose") and path in ("$.ids", "$.statuses"):
                continue
            summary["value " + path] = json.dumps(value, sort_keys=True)
    return summary, parsed


# Fixture comments, created by the test on both sides before anything else (in this order).
# (name, role, form, then: a status to set as the administrator afterwards, or "trash")
FIXTURES = [
    ("approved", "admin", {"content": "Fixture approved {token}"}, None),
    ("reply", "admin", {"content": "Fixture reply {token}", "parent": "{approved}"}, None),
    ("hold", "admin", {"content": "Fixture held {token}", "status": "hold"}, None),
    ("spam", "admin", {"content": "Fixture spam {token}"}, "spam"),
    ("trash", "admin", {"content": "Fixture trash {token}"}, "trash"),
    ("own", "author", {"content": "Fixture by the author {token}"}, "hold"),
    ("t1", "admin", {"content": "Fixture target one {token}"}, None),
    ("t2", "admin", {"content": "Fixture target two {token}"}, None),
    ("d1", "admin", {"content": "Fixture delete one {token}"}, None),
    ("d2", "admin", {"content": "Fixture delete two {token}"}, None),
    ("d3", "admin", {"content": "Fixture delete three {token}"}, None),
    ("guest", "admin", {"content": "Fixture guest: the naïve ÉCOLE", "author_name": "Guest {token}",
                        "author_email": "guest-{token}@example.org", "author_url": "https://guest-{token}.example.org/"}, None),
    # Block-editor notes (WordPress 6.9+; 6.1 refuses the type on both sides, so these do not
    # exist there): an open thread (held) with a reply, a resolved thread with the empty note
    # that marks it resolved, as the editor writes them.
    ("note", "admin", {"content": "Fixture note {token}", "type": "note"}, "hold"),
    ("note_reply", "editor", {"content": "Fixture note reply {token}", "type": "note", "parent": "{note}"}, None),
    ("note_resolved", "admin", {"content": "Fixture resolved note {token}", "type": "note"}, None),
    ("note_marker", "admin", {"content": "", "type": "note", "parent": "{note_resolved}",
                              "meta[_wp_note_status]": "resolved"}, None),
]
FIXTURE_NAMES = {f[0] for f in FIXTURES}

C = "/wp-json/wp/v2/comments"
ALL_ROLES = ["anon", "admin"] + ROLES


def case(id, method, path, role="anon", **options):
    return dict(id=id, method=method, path=path, role=role, **options)


def cases():
    """Every request, in order (writes last, so reads see the fixture as created)."""
    out = []
    add = out.append
    inc = "include={all}&per_page=100"
    # Discovery and the index.
    add(case("index", "GET", "/wp-json/"))
    add(case("index-rest-route", "GET", "/", query="rest_route=/"))
    add(case("index-fields", "GET", "/wp-json/", query="_fields=name,gmt_offset,routes./wp/v2/comments.methods"))
    add(case("index-head", "HEAD", "/wp-json/"))
    add(case("no-route", "GET", "/wp-json/wp/v2/nothing"))
    add(case("no-route-id", "GET", C + "/abc"))
    add(case("no-route-delete-collection", "DELETE", C, "admin"))
    # users/me, every role and context.
    for role in ALL_ROLES:
        add(case(f"me-{role}", "GET", "/wp-json/wp/v2/users/me", role))
        add(case(f"me-edit-{role}", "GET", "/wp-json/wp/v2/users/me", role, query="context=edit"))
    add(case("me-embed", "GET", "/wp-json/wp/v2/users/me", "admin", query="context=embed"))
    add(case("me-fields", "GET", "/wp-json/wp/v2/users/me", "admin", query="context=edit&_fields=id,roles,capabilities.moderate_comments"))
    add(case("me-bad-context", "GET", "/wp-json/wp/v2/users/me", "admin", query="context=bad"))
    add(case("me-wrong-password", "GET", "/wp-json/wp/v2/users/me", "wrong"))
    add(case("me-head", "HEAD", "/wp-json/wp/v2/users/me", "admin"))
    add(case("me-rest-route", "GET", "/", "admin", query="rest_route=/wp/v2/users/me"))
    # Lists: every role, every context.
    add(case("list-plain", "GET", C, loose=True))
    add(case("list-plain-admin", "GET", C, "admin", loose=True))
    for role in ALL_ROLES:
        add(case(f"list-{role}", "GET", C, role, query=inc))
        add(case(f"list-edit-{role}", "GET", C, role, query=inc + "&context=edit"))
        add(case(f"list-hold-{role}", "GET", C, role, query=inc + "&status=hold"))
    add(case("list-embed", "GET", C, query=inc + "&context=embed"))
    add(case("list-bad-context", "GET", C, query="context=bad"))
    for status in ["spam", "trash", "all", "any", "approve", "0", "1", "hold,spam", "approved", "HOLD"]:
        add(case(f"list-status-{status}", "GET", C, "admin", query=inc + "&status=" + urllib.parse.quote(status)))
    add(case("list-status-array", "GET", C, "admin", query="status[]=hold"))
    for kind in ["comment", "pings", "all", "pingback", "trackback", "note", "comments", "PINGS", ""]:
        add(case(f"list-type-{kind or 'empty'}", "GET", C, "admin", query=inc + "&type=" + kind))
    add(case("list-type-anon", "GET", C, query=inc + "&type=pings"))
    # Pages and their links.
    for page in [1, 2, 3, 11, 12]:
        add(case(f"list-page-{page}", "GET", C, "admin", query=f"include={{all}}&status=all&per_page=1&page={page}"))
    add(case("list-page-past-end", "GET", C, "admin", query="include={all}&per_page=5&page=9"))
    add(case("list-page-before-query", "GET", C, "admin", query="page=2&include={all}&status=all&per_page=2"))
    add(case("list-page-list-param", "GET", C, "admin", query="include[]={approved}&include[]={reply}&include[]={t1}&per_page=1&page=2"))
    for bad in ["per_page=0", "per_page=101", "page=0", "page=abc", "offset=x", "order=up", "orderby=title",
                "post=abc", "parent=x", "include=x", "exclude=x", "author=x", "before=yesterday",
                "after=not-a-date", "author_email=not-an-email", "search[]=x", "context=view&per_page=-1"]:
        add(case("list-invalid-" + bad.split("=")[0] + "-" + bad.split("=")[1], "GET", C, "admin", query=bad))
    add(case("list-offset", "GET", C, "admin", query="include={all}&status=all&per_page=3&offset=2"))
    for order in ["asc", "desc"]:
        for orderby in ["date", "date_gmt", "id", "include", "post", "parent", "type"]:
            add(case(f"list-order-{orderby}-{order}", "GET", C, "admin",
                     query=f"include={{t2}},{{approved}},{{t1}},{{reply}}&orderby={orderby}&order={order}"))
    add(case("list-orderby-include-without-include", "GET", C, query="orderby=include", loose=True))
    add(case("list-orderby-include-empty-include", "GET", C, "admin", query="orderby=include&include=&per_page=1", loose=True))
    add(case("list-search", "GET", C, query="search={token}&" + inc))
    add(case("list-search-none", "GET", C, query="search=zzzz-no-such-text-{token}"))
    # search= looks at the author's e-mail, URL and IP too (WP_Comment_Query's columns),
    # whoever asks and in any context: the "guest" fixture's content does not hold them.
    for role, context in [("anon", "view"), ("admin", "edit")]:
        add(case(f"list-search-email-{role}", "GET", C, role, query=f"search=guest-{{token}}@example.org&context={context}&" + inc))
        add(case(f"list-search-url-{role}", "GET", C, role, query=f"search=guest-{{token}}.example.org&context={context}&" + inc))
        add(case(f"list-search-name-{role}", "GET", C, role, query=f"search=Guest%20{{token}}&context={context}&" + inc))
    # In the tables' collation (utf8mb4_unicode_520_ci): case and accents are ignored.
    add(case("list-search-folded", "GET", C, query="search=NAIVE%20ecole&" + inc))
    add(case("list-search-accented", "GET", C, query="search=na%C3%AFve%20%C3%A9cole&" + inc))
    add(case("list-search-ip-admin", "GET", C, "admin", query="search=127.0.0.1&context=edit&status=all&" + inc))
    add(case("list-before", "GET", C, query=inc + "&before=2000-01-01T00:00:00"))
    add(case("list-after", "GET", C, query=inc + "&after=2000-01-01T00:00:00"))
    add(case("list-after-zoned", "GET", C, query=inc + "&after=2000-01-01T00:00:00%2B01:00"))
    add(case("list-post", "GET", C, query=inc + "&post={post}"))
    add(case("list-post-array", "GET", C, query=inc + "&post[]={post}"))
    add(case("list-post-two", "GET", C, query=inc + "&post={post},999999"))
    add(case("list-post-two-array", "GET", C, query=inc + "&post[]=999999&post[]={post}"))
    add(case("list-post-spaced", "GET", C, query=inc + "&post=%20{post}%20"))
    add(case("list-post-empty-item", "GET", C, query=inc + "&post[]="))
    # An empty id list filters nothing (WP_Comment_Query skips an empty `post__in`).
    for name in ["post", "parent", "parent_exclude", "exclude", "author", "author_exclude"]:
        add(case(f"list-{name}-empty", "GET", C, "admin", query=inc + f"&{name}="))
    add(case("list-include-empty", "GET", C, "admin", query="include=&search={token}&per_page=1"))
    add(case("list-exclude-array", "GET", C, "admin", query=inc + "&exclude[]={approved}&exclude[]={t1}"))
    add(case("list-exclude-all", "GET", C, "admin", query="include={approved},{reply}&exclude={reply},{approved}"))
    # Post 0 holds the comments of no post: only moderators may list it.
    for role in ["anon", "subscriber", "author", "editor"]:
        add(case(f"list-post-zero-{role}", "GET", C, role, query=inc + "&post=0"))
    add(case("list-post-and-zero-anon", "GET", C, query=inc + "&post={post},0"))
    add(case("list-post-missing", "GET", C, query=inc + "&post=999999"))
    add(case("list-parent", "GET", C, query=inc + "&parent={approved}"))
    add(case("list-parent-zero", "GET", C, query=inc + "&parent=0"))
    add(case("list-parent-exclude", "GET", C, query=inc + "&parent_exclude={approved}"))
    add(case("list-exclude", "GET", C, query=inc + "&exclude={approved},{reply}"))
    add(case("list-author-admin", "GET", C, "admin", query=inc + "&author=1"))
    add(case("list-author-anon", "GET", C, query=inc + "&author=1"))
    add(case("list-author-contributor", "GET", C, "contributor", query=inc + "&author=1"))
    add(case("list-author-exclude-admin", "GET", C, "admin", query=inc + "&author_exclude=1"))
    add(case("list-author-exclude-subscriber", "GET", C, "subscriber", query=inc + "&author_exclude=1"))
    add(case("list-author-email-anon", "GET", C, query=inc + "&author_email=someone@example.com"))
    add(case("list-author-email-subscriber", "GET", C, "subscriber", query=inc + "&author_email=someone@example.com"))
    add(case("list-author-email-admin", "GET", C, "admin", query=inc + "&author_email=someone@example.com"))
    add(case("list-status-wrong-password", "GET", C, "wrong", query=inc + "&status=hold"))
    # `parley comment list` and `count`, as the client sends them (parameters in its order).
    cli = "page=1&per_page=100&order=desc&context=edit"
    add(case("cli-list-spam", "GET", C, "admin", query=cli + "&status=spam&include={all}"))
    add(case("cli-list-all-between", "GET", C, "admin",
             query=cli + "&status=all&after=2000-01-01T00:00:00&before=2100-01-01T00:00:00&include={all}"))
    add(case("cli-list-after-future", "GET", C, "admin", query=cli + "&status=any&after=2100-01-01T00:00:00&include={all}"))
    add(case("cli-list-parent-search", "GET", C, "admin", query=cli + "&parent={approved}&status=any&search={token}&include={all}"))
    add(case("cli-list-top-level", "GET", C, "admin", query=cli + "&parent=0&status=all&include={all}"))
    add(case("cli-list-post-email", "GET", C, "admin",
             query=cli + "&post={post}&status=hold&author_email=nobody-" + TOKEN + "@example.com&include={all}"))
    for status in ["approve", "hold", "spam", "trash"]:
        add(case(f"cli-count-{status}", "GET", C, "admin", query=f"page=1&per_page=1&order=desc&context=view&status={status}&include={{all}}"))
    # The interface's lists as it sends them: a moderator in the edit context, anyone else
    # (after the login check) approved comments in the view context; and the histories of
    # an address (an e-mail's count per status; an IP's search in the edit context).
    for role in ALL_ROLES:
        add(case(f"ui-list-edit-{role}", "GET", C, role, query="page=1&per_page=100&order=desc&context=edit&status=any&include={all}"))
        add(case(f"ui-list-reader-{role}", "GET", C, role, query="page=1&per_page=100&order=desc&context=view&include={all}"))
        add(case(f"ui-history-email-{role}", "GET", C, role,
                 query="page=1&per_page=1&order=desc&context=view&status=hold&author_email=nobody-" + TOKEN + "@example.com&include={all}"))
    add(case("ui-history-ip-admin", "GET", C, "admin", query="page=1&per_page=100&order=desc&context=edit&status=any&search=127.0.0.1&include={all}"))
    add(case("ui-history-ip-author", "GET", C, "author", query="page=1&per_page=100&order=desc&context=edit&status=any&search=127.0.0.1"))
    # _fields.
    for fields in ["id,status", "id", "content.raw", "id,content.raw", "id,content", "_links", "_links.self",
                   "author_avatar_urls.24,id", "nothing", "id,,status"]:
        add(case("list-fields-" + fields, "GET", C, "admin", query=inc + "&context=edit&_fields=" + fields))
    # ?rest_route=.
    add(case("list-rest-route", "GET", "/", query="rest_route=/wp/v2/comments&include={all}&status=all&per_page=2", role="admin"))
    add(case("list-rest-route-anon", "GET", "/", query="rest_route=/wp/v2/comments&" + inc))
    add(case("one-rest-route", "GET", "/", query="rest_route=/wp/v2/comments/{approved}"))
    # HEAD.
    add(case("head-list", "HEAD", C, query="include={all}&per_page=2"))
    add(case("head-list-admin", "HEAD", C, "admin", query="include={all}&status=all&per_page=2&page=2"))
    add(case("head-one", "HEAD", C + "/{approved}"))
    add(case("head-missing", "HEAD", C + "/999999999"))
    add(case("head-forbidden", "HEAD", C + "/{hold}"))
    # One comment, every role.
    for role in ALL_ROLES:
        add(case(f"one-approved-{role}", "GET", C + "/{approved}", role))
        add(case(f"one-hold-{role}", "GET", C + "/{hold}", role))
        add(case(f"one-edit-{role}", "GET", C + "/{approved}", role, query="context=edit"))
    # Notes: never public, resolved or not; read by who may edit their post.
    for role in ALL_ROLES:
        add(case(f"one-note-{role}", "GET", C + "/{note}", role))
        add(case(f"one-note-resolved-{role}", "GET", C + "/{note_resolved}", role))
        add(case(f"list-notes-{role}", "GET", C, role, query=inc + "&type=note&status=all"))
    for role in ["author", "editor"]:
        add(case(f"one-note-edit-{role}", "GET", C + "/{note_reply}", role, query="context=edit"))
    for role in ["contributor", "author", "editor"]:
        add(case(f"list-notes-edit-post-{role}", "GET", C, role, query=inc + "&type=note&post={post}&context=edit"))
    add(case("one-note-marker", "GET", C + "/{note_marker}", "admin", query="context=edit"))
    add(case("list-notes-all", "GET", C, "admin", query=inc + "&type=all&status=all"))
    add(case("list-notes-any-status", "GET", C, "admin", query=inc + "&type=all&status=any&context=edit"))
    add(case("list-notes-children", "GET", C, "admin", query=inc + "&parent={note_resolved}&type=note&status=all"))
    add(case("list-notes-comment-type", "GET", C, "admin", query=inc + "&status=all&parent={note}"))
    add(case("one-own-held-author", "GET", C + "/{own}", "author"))
    add(case("one-own-held-contributor", "GET", C + "/{own}", "contributor"))
    add(case("one-embed", "GET", C + "/{reply}", query="context=embed"))
    add(case("one-missing", "GET", C + "/999999999"))
    add(case("one-bad-context", "GET", C + "/{approved}", query="context=bad"))
    add(case("one-fields", "GET", C + "/{reply}", "admin", query="_fields=id,parent,_links.in-reply-to"))
    add(case("one-spam", "GET", C + "/{spam}", "editor", query="context=edit"))
    add(case("one-trash", "GET", C + "/{trash}", "admin", query="context=edit"))
    # Creating.
    add(case("create-anon", "POST", C, form={"post": "{post}", "content": "Anonymous {token}"}))
    add(case("create-admin", "POST", C, "admin", form={"post": "{post}", "content": "Created {token}"}, save="new"))
    add(case("create-admin-duplicate", "POST", C, "admin", form={"post": "{post}", "content": "Created {token}"}))
    add(case("create-admin-hold", "POST", C, "admin", form={"post": "{post}", "content": "Held {token}", "status": "hold"}))
    add(case("create-admin-reply", "POST", C, "admin", form={"post": "{post}", "parent": "{approved}", "content": "Reply {token}"}))
    add(case("create-admin-json", "POST", C, "admin", json_body={"post": "{post}", "content": {"raw": "JSON {token}"}}))
    add(case("create-admin-bad-json", "POST", C, "admin", raw_body="{\"post\": "))
    add(case("create-admin-empty", "POST", C, "admin", form={"post": "{post}", "content": "   "}))
    add(case("create-admin-no-post", "POST", C, "admin", form={"content": "No post {token}"}))
    add(case("create-admin-missing-post", "POST", C, "admin", form={"post": "999999", "content": "Missing post {token}"}))
    add(case("create-admin-bad-parent", "POST", C, "admin", form={"post": "{post}", "parent": "x", "content": "Bad parent {token}"}))
    add(case("create-editor", "POST", C, "editor", form={"post": "{post}", "content": "Editor says {token}"}))
    add(case("create-contributor", "POST", C, "contributor", form={"post": "{post}", "content": "Contributor says {token}"}))
    add(case("create-subscriber", "POST", C, "subscriber", form={"post": "{post}", "content": "Subscriber says {token}"}))
    add(case("create-subscriber-status", "POST", C, "subscriber", form={"post": "{post}", "content": "S {token}", "status": "hold"}))
    add(case("create-subscriber-author", "POST", C, "subscriber", form={"post": "{post}", "content": "S2 {token}", "author": "1"}))
    add(case("create-subscriber-author-ip", "POST", C, "subscriber", form={"post": "{post}", "content": "S3 {token}", "author_ip": "10.0.0.1"}))
    add(case("create-fields", "POST", C, "admin", query="_fields=id,status", form={"post": "{post}", "content": "Fields {token}"}))
    add(case("create-location-rest-route", "POST", "/", "admin", query="rest_route=/wp/v2/comments",
             form={"post": "{post}", "content": "Routed {token}"}))
    note = {"post": "{post}", "type": "note"}
    add(case("create-note-admin", "POST", C, "admin", form=dict(note, content="Note {token}")))
    add(case("create-note-admin-json", "POST", C, "admin", json_body={"post": "{post}", "type": "note", "content": {"raw": ""},
                                                                     "parent": "{note}", "meta": {"_wp_note_status": "resolved"}},
             save="json_marker"))  # empty: cleanup finds it by id, not by the token
    add(case("create-note-anon", "POST", C, form=dict(note, content="Anonymous note {token}")))
    for role in ["subscriber", "author", "editor"]:
        add(case(f"create-note-{role}", "POST", C, role, form=dict(note, content=f"Note by the {role} {{token}}")))
    add(case("create-note-empty", "POST", C, "admin", form=dict(note, content="")))
    add(case("create-note-held", "POST", C, "admin", form=dict(note, content="Held note {token}", status="hold")))
    add(case("create-type-pingback", "POST", C, "admin", form={"post": "{post}", "type": "pingback", "content": "Ping {token}"}))
    add(case("create-type-upper", "POST", C, "admin", form={"post": "{post}", "type": "NOTE", "content": "Upper {token}"}))
    # Updating.
    for role in ["anon", "subscriber", "contributor", "author"]:
        add(case(f"update-{role}", "POST", C + "/{t1}", role, form={"status": "hold"}))
    add(case("update-editor-hold", "POST", C + "/{t1}", "editor", form={"status": "hold"}))
    add(case("update-admin-approve", "POST", C + "/{t1}", "admin", form={"status": "approve"}))
    add(case("update-admin-spam", "PUT", C + "/{t1}", "admin", form={"status": "spam"}))
    add(case("update-admin-unspam", "PATCH", C + "/{t1}", "admin", form={"status": "unspam"}))
    add(case("update-admin-content", "POST", C + "/{t2}", "admin", form={"content": "Changed {token}"}))
    add(case("update-admin-json", "POST", C + "/{t2}", "admin", json_body={"content": {"raw": "Changed by JSON {token}"}, "status": "0"}))
    add(case("update-admin-empty", "POST", C + "/{t2}", "admin", form={"content": ""}))
    add(case("update-admin-override", "POST", C + "/{t2}", "admin", headers={"X-HTTP-Method-Override": "PATCH"}, form={"status": "1"}))
    add(case("update-missing", "POST", C + "/999999999", "admin", form={"status": "hold"}))
    add(case("update-fields", "POST", C + "/{t2}", "admin", query="_fields=status", form={"status": "approve"}))
    add(case("update-status-array", "POST", C + "/{t2}", "admin", json_body={"status": ["hold"]}))
    # Quick Edit: the author's fields, as parley sends them (JSON), by role.
    quick = {"content": "Quick {token}", "author_name": "Quick Name", "author_email": "quick-" + TOKEN + "@example.com",
             "author_url": "https://quick.example"}
    add(case("update-admin-author-fields", "POST", C + "/{t2}", "admin", json_body=quick))
    add(case("update-editor-author-name", "POST", C + "/{t2}", "editor", json_body={"content": "By editor {token}", "author_name": "Ed"}))
    add(case("update-author-author-name", "POST", C + "/{t2}", "author", json_body={"content": "By author {token}", "author_name": "Au"}))
    add(case("update-admin-author-bad-email", "POST", C + "/{t2}", "admin", json_body={"content": "x {token}", "author_email": "not-an-email"}))
    add(case("update-admin-author-empty-email", "POST", C + "/{t2}", "admin", json_body={"content": "y {token}", "author_email": ""}))
    # Deleting.
    for role in ["anon", "subscriber", "author"]:
        add(case(f"delete-{role}", "DELETE", C + "/{d1}", role))
    add(case("delete-admin-trash", "DELETE", C + "/{d1}", "admin"))
    add(case("delete-admin-again", "DELETE", C + "/{d1}", "admin"))
    add(case("delete-bad-force", "DELETE", C + "/{d1}", "admin", query="force=maybe"))
    add(case("delete-admin-force", "DELETE", C + "/{d1}", "admin", query="force=true"))
    add(case("delete-gone", "DELETE", C + "/{d1}", "admin"))
    add(case("delete-missing", "DELETE", C + "/999999999", "admin"))
    add(case("delete-method-query", "POST", C + "/{d2}", "admin", query="_method=DELETE"))
    add(case("delete-method-header-force", "POST", C + "/{d2}", "admin", headers={"X-HTTP-Method-Override": "DELETE"}, query="force=1"))
    add(case("delete-method-get", "GET", C + "/{d3}", "editor", query="_method=DELETE"))
    add(case("delete-editor-force", "DELETE", C + "/{d3}", "editor", query="force=true&_fields=deleted,previous.id"))
    return out


def load_differences(version):
    """contract-differences.txt: `[@version] case-id-glob  what-glob  reason`, # comments; a
    line naming a version applies only when the mock answers as that version."""
    entries = []
    with open(os.path.join(HERE, "contract-differences.txt"), encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            only = None
            if line.startswith("@"):
                only, line = line[1:].split(None, 1)
            parts = line.split(None, 2)
            if len(parts) < 3:
                sys.exit(f"contract-differences.txt: no reason given in: {line}")
            if only is None or only == version:
                entries.append({"case": parts[0], "what": parts[1], "reason": parts[2], "used": 0})
    return entries


def explained(entries, case_id, what):
    import fnmatch
    for entry in entries:
        if fnmatch.fnmatchcase(case_id, entry["case"]) and fnmatch.fnmatchcase(what, entry["what"]):
            entry["used"] += 1
            return True
    return False


def compared_version():
    """The mock's `--wp-version` for the WordPress compared: 6.1 for Debian's 6.1.x, else 7.1."""
    return "6.1" if os.environ.get("WP_VERSION", "").startswith("6.1") else "7.1"


def start_mock(accounts, admin_password):
    binary = os.environ.get("PARLEY_MOCK_SERVER_BIN")
    if not binary:
        sys.exit("PARLEY_MOCK_SERVER_BIN is not set")
    arguments = [binary, "--port", "0", "--mock-size", "40", "--user", os.environ["WP_USER"], "--password", admin_password,
                 "--wp-version", compared_version()]
    for role in ROLES:
        user, password = accounts[role]
        arguments += ["--account", f"{user}:{password}:{role}"]
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.match(r"listening on (\S+)", line)
    if not match:
        process.kill()
        sys.exit(f"parley-mock-server did not start: {line}{process.stderr.read()}")
    return process, "http://" + match.group(1)


def create_fixture(sides, token):
    """Creates the named comments on both sides (compared like any other request)."""
    steps = []
    for name, role, form, then in FIXTURES:
        body = {k: v.replace("{token}", token) for k, v in form.items()}
        body["post"] = "{post}"
        steps.append(case("fixture-" + name, "POST", C, role, form=body, save=name))
        if then == "trash":
            steps.append(case(f"fixture-{name}-trash", "DELETE", C + "/{" + name + "}", "admin"))
        elif then:
            steps.append(case(f"fixture-{name}-{then}", "POST", C + "/{" + name + "}", "admin", form={"status": then}))
    return steps


def run_case(sides, entries, token, item):
    differences = []
    summaries = []
    for side in sides:
        query = substitute(item.get("query", "").replace("{token}", token), side) or None
        form = substitute_deep(item.get("form"), side)
        if form:
            form = {k: v.replace("{token}", token) for k, v in form.items()}
        json_body = substitute_deep(item.get("json_body"), side)
        if json_body and isinstance(json_body.get("content"), dict):
            json_body["content"]["raw"] = json_body["content"]["raw"].replace("{token}", token)
        path = substitute(item["path"], side)
        role = item["role"]
        if role == "wrong":
            side.accounts["wrong"] = (side.accounts["admin"][0], "wrong password")
        status, headers, body = side.send(item["method"], path, role, query=query, form=form,
                                          json_body=json_body, headers=item.get("headers"), raw_body=item.get("raw_body"))
        if item.get("query"):
            item = dict(item, query=item["query"].replace("{token}", token))
        summary, parsed = answer_summary(side, item, status, headers, body)
        if item.get("save") and isinstance(parsed, dict) and "id" in parsed:
            side.ids[item["save"]] = parsed["id"]
        summaries.append(summary)
    wordpress, mock = summaries
    for what in sorted(set(wordpress) | set(mock)):
        if wordpress.get(what) != mock.get(what) and not explained(entries, item["id"], what):
            differences.append(f"  {what}: WordPress {wordpress.get(what)!r}, mock {mock.get(what)!r}")
    if VERBOSE or differences:
        print(f"{'FAIL' if differences else 'ok  '} {item['id']}: {item['method']} {item['path']} {item.get('query') or ''}")
    for line in differences:
        print(line)
    return not differences


def main():
    accounts = {role: (os.environ[f"WP_{role.upper()}_USER"], os.environ[f"WP_{role.upper()}_APP_PASSWORD"]) for role in ROLES}
    accounts["admin"] = (os.environ["WP_USER"], os.environ["WP_APP_PASSWORD"])
    base = os.environ["WP_BASE_URL"].rstrip("/")
    process, mock_origin = start_mock(accounts, os.environ["WP_APP_PASSWORD"])
    try:
        wordpress = Side("WordPress", base, base + "/wp-json", dict(accounts), int(os.environ["WP_POST_ID"]))
        with urllib.request.urlopen(mock_origin + "/site-1/wp-json/wp/v2/comments?per_page=1") as response:
            mock_post = json.loads(response.read())[0]["post"]
        mock = Side("mock", mock_origin + "/site-1", mock_origin + "/site-1/wp-json", dict(accounts), mock_post)
        sides = [wordpress, mock]
        entries = load_differences(compared_version())
        global TOKEN
        token = TOKEN
        passed = failed = 0
        for item in create_fixture(sides, token) + cases():
            if run_case(sides, entries, token, item):
                passed += 1
            else:
                failed += 1
        cleanup(wordpress)
        for entry in entries:
            if not entry["used"]:
                print(f"note: listed difference not seen: {entry['case']} {entry['what']}")
        explained_count = sum(1 for e in entries if e["used"])
        print(f"contract (WordPress {os.environ.get('WP_VERSION', '?')}, mock --wp-version {compared_version()}):"
              f" {passed + failed} requests compared on both sides: {passed} agree, {failed} differ"
              f" ({explained_count} listed differences applied)")
        return 0 if failed == 0 else 1
    finally:
        process.terminate()
        process.wait()


def cleanup(wordpress):
    """Deletes for good what the run wrote on the real site: the fixture (a note's resolution
    marker is empty) and every comment or note holding the token."""
    for id in wordpress.ids.values():
        wordpress.send("DELETE", f"{C}/{id}", "admin", query="force=true")
    for _ in range(10):
        status, _, body = wordpress.send("GET", C, "admin", query=f"search={TOKEN}&per_page=100&status=any&type=all&context=edit")
        found = json.loads(body) if status == 200 else []
        if not found:
            return
        for comment in found:
            wordpress.send("DELETE", f"{C}/{comment['id']}", "admin", query="force=true")


if __name__ == "__main__":
    sys.exit(main())
