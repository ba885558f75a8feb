"""The mail-texts port on JSON catalogs (adapters/mail/texts/<lang>.json): plain text and
a simple, escaped HTML version of every account e-mail."""

from __future__ import annotations

import json
from datetime import date
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

from babel.dates import format_date

from application.shared.mail_brand import ComposedMail, TemplateValues
from domain.locales import DEFAULT_LOCALE, LOCALES, is_locale

CATALOGS = Path(__file__).with_name("texts")

_HTML = """<!doctype html><html lang="{lang}"><body style="margin:0;background:#f4f1fb;\
font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#2d1b4e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" \
style="padding:24px"><table role="presentation" width="560" cellpadding="0" cellspacing="0" \
style="max-width:560px;background:#fff;border-radius:12px;padding:32px">
<tr><td style="font-size:22px;font-weight:700;color:#14998f;padding-bottom:16px">{site}</td></tr>
<tr><td style="font-size:16px;line-height:1.5">{greeting}<p>{intro}</p>
<p style="text-align:center;padding:16px 0"><a href="{link}" style="background:#14998f;\
color:#fff;text-decoration:none;padding:12px 24px;border-radius:999px;font-weight:600;\
display:inline-block">{action}</a></p><p>{outro}</p>
{login_hint}<p style="font-size:13px;color:#6c6385">{link_hint}<br><a href="{link}" \
style="color:#14998f;word-break:break-all">{link}</a></p><p>{signature}</p></td></tr>
</table><p style="font-size:12px;color:#6c6385">{footer}</p>
{unsubscribe_block}</td></tr></table></body></html>"""
_UNSUBSCRIBE = """<p style="font-size:12px;color:#6c6385">{unsubscribe_text}<br><a \
href="{unsubscribe}" style="color:#6c6385">{unsubscribe_action}</a> · <a \
href="{settings_link}" style="color:#6c6385">{settings_action}</a></p>"""


def _dates(values: TemplateValues, language: str) -> dict[str, str | int | bool]:
    """Dates written out as the language writes them ("21. November 2026")."""
    code = language if is_locale(language) else DEFAULT_LOCALE
    locale = next(known.gif_locale for known in LOCALES if known.code == code)  # en_GB
    return {key: format_date(value, "long", locale=locale) if isinstance(value, date)
            else value for key, value in values.items()}


@cache
def _catalog(language: str) -> dict[str, Any]:
    code = language if is_locale(language) else DEFAULT_LOCALE
    return json.loads((CATALOGS / f"{code}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


_COMMON = ("greeting", "signature", "footer", "link_hint", "unsubscribe_text",
           "unsubscribe_action", "settings_action")


class JsonMailTexts:
    """Every mail: greeting, the kind's texts, the button, a login hint when the button
    logs in, the company's footer and the one-click unsubscribe line."""

    def compose(self, kind: str, language: str, values: TemplateValues) -> ComposedMail:
        catalog = _catalog(language)
        values = {"address": "", "preference": "", **_dates(values, language)}
        texts = {key: catalog[key].format(**values) for key in _COMMON}
        if not values["preference"]:  # account mails: no preference to point at
            texts["unsubscribe_text"] = catalog["unsubscribe_account"].format(**values)
        # A nested object of the kind picks its phrase by the value of the same name:
        # "restriction": {"ban": "...", ...} words values["restriction"] == "ban".
        chosen = {key: phrases[str(values[key])].format(**values)
                  for key, phrases in catalog[kind].items() if isinstance(phrases, dict)}
        values = {**values, **chosen}
        texts.update({key: value.format(**values) for key, value in catalog[kind].items()
                      if isinstance(value, str)})
        hint = catalog["login_hint"] if values.get("login_link") else ""
        # A mail to someone without an account (a notifier) has nothing to unsubscribe from.
        mailing = "unsubscribe" in values
        text = "\n\n".join(part for part in [
            texts["greeting"], texts["intro"], f"{texts['action']}: {values['link']}", hint,
            texts["outro"], texts["signature"], "--\n" + texts["footer"],
            f"{texts['unsubscribe_text']}\n{texts['unsubscribe_action']}: "
            f"{values['unsubscribe']}\n{texts['settings_action']}: {values['settings_link']}"
            if mailing else "",
        ] if part)
        safe = {key: escape(value).replace("\n", "<br>") for key, value in texts.items()}
        html = _HTML.format(
            lang=escape(language),
            site=escape(str(values["site"])),
            link=escape(str(values["link"]), quote=True),
            login_hint=f'<p style="font-size:13px">{escape(hint)}</p>' if hint else "",
            unsubscribe_block=_UNSUBSCRIBE.format(
                unsubscribe=escape(str(values["unsubscribe"]), quote=True),
                settings_link=escape(str(values["settings_link"]), quote=True),
                **safe) if mailing else "",
            **safe,
        )
        return ComposedMail(subject=texts["subject"], text=text, html=html)

    def push(self, kind: str, language: str, values: TemplateValues) -> dict[str, str]:
        texts = _catalog(language)["push"][_PUSHED_AS.get(kind, kind)]
        return {key: value.format(**values) for key, value in texts.items()}

    def preference_name(self, key: str, language: str) -> str:
        names: dict[str, str] = _catalog(language)["preferences"]
        return names.get(key, "")


# New conversations and messages share the push text of a message.
_PUSHED_AS = {"new_conversation": "message", "new_message": "message"}
