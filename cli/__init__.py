"""The `amora` command line.

`amora serve` runs gunicorn's gevent workers, and gevent must patch the standard
library before ssl, socket and threading are imported by anything else (else TLS
connections made later would block a whole worker). This package is imported first,
before cli.main and its imports, so the patch happens here, for that command only
(adapters.green: gevent's patching with its plugins looked up once).
"""

import sys

if sys.argv[1:2] == ["serve"]:
    from adapters.green import patch_all
    from adapters.http.collector import hold_while_starting

    hold_while_starting()  # the server takes the collector back once loaded
    patch_all()
