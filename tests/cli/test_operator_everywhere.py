"""Every command that changes something names its operator in the audit log (--actor or
AMORA_OPERATOR): read from the source, every command either takes an Actor option and
passes it through operator(), or is one of the commands known to change nothing that is
audited. A new command that writes must join one side or the other."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.cli.conftest import Amora

CLI = Path(__file__).resolve().parents[2] / "cli"
# Reads, and commands whose work is not an operator's decision (schema, serving, files).
NO_OPERATOR = {
    "appeals.list_appeals", "appeals.show", "blocklist.list_entries", "companies.list_companies",
    "companies.show", "complaints.list_complaints", "complaints.show", "credits.ledger",
    "decisions.list_decisions", "decisions.show", "decisions.audit", "grounds.list_grounds",
    "main.db_upgrade", "main.db_downgrade", "main.serve", "main.scheduler", "main.worker",
    "members.list_members", "members.show", "photos.pending", "photos.migrate_storage",
    "safety.check", "safety.queue", "shop.list_orders", "shop.show", "shop.list_codes",
    "shop.show_code", "shop.list_bundles", "sites.list_sites", "sites.show", "sites.keys",
    "stats.revenue", "stats.signups", "stats.members", "stats.bounces", "transparency.report",
    "today.today", "tax.report",
}


def _commands() -> dict[str, ast.FunctionDef]:
    found = {}
    for path in sorted(CLI.glob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and (
                    any(isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute)
                        and d.func.attr == "command" for d in node.decorator_list)
                    or f"{path.stem}.{node.name}" in NO_OPERATOR):
                found[f"{path.stem}.{node.name}"] = node
    return found


def test_every_changing_command_names_its_operator() -> None:
    commands = _commands()
    assert set(commands) >= NO_OPERATOR, "listed commands that are gone"
    lacking = []
    for name, node in commands.items():
        if name in NO_OPERATOR:
            continue
        takes_actor = any(arg.arg == "actor" and ast.unparse(arg.annotation or ast.Name(""))
                          == "Actor" for arg in node.args.args)
        passes_it = any(isinstance(call, ast.Call) and ast.unparse(call.func) == "operator"
                        and [ast.unparse(a) for a in call.args] == ["actor"]
                        for call in ast.walk(node))
        if not (takes_actor and passes_it):
            lacking.append(name)
    assert lacking == []


def test_demo_seed_names_its_operator(amora: Amora) -> None:
    import json

    assert amora("demo", "seed", "--members", "0", "--actor", "alice").exit_code == 0
    [line] = [entry for entry in json.loads(amora("audit", "--json").stdout)
              if entry["action"] == "demo.seed"]
    assert line["actor"] == "alice"
