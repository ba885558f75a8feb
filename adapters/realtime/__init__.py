"""Live sockets: a member's pages hear their events over /ws (flask-sock).

- ``connections``: this process's open sockets, what may be sent on them, their session
  checks, and closing them (shutdown, bans);
- ``socket_route``: the /ws route itself, given by the HTTP app what it needs to know of
  the request (the container, who is at the door), so nothing here imports adapters.http.

Events reach the sockets from the event bus (adapters.events) and go out encoded by
adapters.events.encoding; pyproject.toml's import-linter contract keeps the order
http -> realtime -> events."""
