"""E-mail addresses the checks must refuse or take (issue 28.6), shared by the domain,
adapter, application and HTTP tests."""

from __future__ import annotations

# Each would make Amora write to victim@example.com (or to a terminal) for someone else's
# account: a header's separators, a display name, a quoted or bracketed part, control
# characters.
REFUSED = [
    "x:victim@example.com",
    "a<victim@example.com",
    "victim,x@example.com",
    "victim@example.com,x@example.com",
    "vic\x00tim@example.com",
    "\x1b[2Jvictim@example.com",
    "victim\x1b@example.com",
    "victim@example.com\x1b]0;title\x07",
    "victim@exa\x7fmple.com",
    "victim@example.com\r\nBcc: x@example.com",
    '"x"@example.com',
    '"victim@example.com"@evil.example',
    "Victim <victim@example.com>",
    "<victim@example.com>",
    "victim@[127.0.0.1]",
    "victim@[IPv6:::1]",
    "a;b@example.com",
    "a>b@example.com",
    "a(comment)b@example.com",
    "victim@example.com (comment)",
    "a\\b@example.com",
    "a b@example.com",
    "a@b@example.com",
    "a..b@example.com",
    ".a@example.com",
    "a.@example.com",
    "vïctim@example.com",
    "victim@exämple.com",
    "victim\u200b@example.com",
    "victim@example",
    "victim@-example.com",
    "victim@example.123",
    "",
    "@example.com",
    "victim@",
    "x" * 65 + "@example.com",
    "x@" + "a" * 250 + ".com",
]
# Reserved names no mail can reach (the library's check; the domain's shape takes them).
RESERVED = ["victim@localhost.localdomain.localhost", "victim@printer.local",
            "victim@shop.test", "victim@example.invalid", "victim@x.onion"]
TAKEN = [
    "ann@example.com",
    "Ann.Smith+amora@Mail.Example.co.uk",
    "x@d.nl",
    "o'brien@example.ie",
    "ann_b-c@example.com",
    "  ann@example.com  ",
    "ann@xn--bcher-kva.de",
    "a!#$%&*/=?^`{|}~@example.com",
]
