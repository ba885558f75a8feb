"""`amora messages remove`: a message between members taken out of their chat (issue
30.4). (cli/messages.py words the rule codes; this is the command group.)"""

from __future__ import annotations

import typer

from cli.context import Id, container, fail_on_rule
from cli.inputs import Actor, GroundOption, Notice, RequiredFacts
from cli.operator import operator
from cli.output import Json, say
from domain.decisions import Ground

messages = typer.Typer(help="Messages between members: remove one.", no_args_is_help=True)


@messages.command()
def remove(message_id: Id, facts: RequiredFacts, ground: GroundOption = "",
           notice: Notice = None, actor: Actor = "", as_json: Json = False) -> None:
    """Remove a message: both members' chats show "removed by the moderators" instead,
    and the sender is told the decision (--facts, --ground). The text stays only in the
    decision, so an appeal can bring it back.

    Example:

      amora messages remove 991 --facts "Asks for money" --ground terms:scam --actor alice
    """
    with fail_on_rule():
        removed = container().removals().remove_message(
            message_id, operator(actor), ground=Ground.parse(ground), facts=facts,
            notice_id=notice)
    say(as_json, {"id": message_id, "removed": True, "sender": removed.message.sender_id,
                  "recipient": removed.recipient_id, "decision": removed.decision.id},
        f"Message {message_id} removed (decision {removed.decision.id}).", "yellow")
