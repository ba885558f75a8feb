"""The ports: everything the use cases need from the world, as typing.Protocols, one
module per area (``application.ports.shop``, ``application.ports.chat``, ...), with
``unit_of_work`` composing the repositories into one transaction. Import from the area's
module; this package exports nothing itself."""
