"""English wording of rule codes for operators at the terminal."""

from __future__ import annotations

from domain.errors import DomainError

_MESSAGES = {
    "invalid_setting": "Invalid value for {field}: {value}",
    "invalid_amount": "An amount of credits is a whole number from 1 to {max}",
    "unknown_setting": "Unknown setting {field} (see 'amora sites keys')",
    "site_not_found": "No site with domain {domain}",
    "domain_taken": "Another site already uses {domain}",
    "domain_redirects": "{domain} is a former domain of {site} and redirects there",
    "same_domain": "The site is at {domain} already",
    "site_closed": "{sitename} is closed: no sign-ups or purchases",
    "site_closed_already": "{domain} is closed already",
    "site_not_closed": "{domain} is not closed",
    "invalid_reason": "Give a --reason of at most {max} characters",
    "company_not_found": "No such company {value}",
    "invalid_quarter": "Invalid quarter {value} (a year and its quarter, e.g. 2026Q4)",
    "company_exists": "A company named {value} exists already",
    "invalid_company": "Invalid {field} for a company: {value}",
    "site_has_members": "{domain} has {count} members: a site with members cannot be removed",
    "site_is_default": "{domain} is the default site: it cannot be removed",
    "site_has_complaints": "{domain} has {count} complaints on file: it cannot be removed",
    "member_not_found": "No such member",
    "reason_required": "Give a --reason",
    "already_banned": "The member is already banned",
    "not_banned": "The member is not banned",
    "member_deleted": "The member deleted their account",
    "photo_not_found": "No photo {id}",
    "invalid_request": "Invalid {detail}",
    "invalid_discount": "Invalid {field} for a discount code",
    "invalid_bundle": "Invalid bundle {value} (credits:price, e.g. 100:14.99; at most 8)",
    "invalid_currency": "Invalid currency {value} (three letters, e.g. EUR)",
    "discount_exists": "The code {value} exists already",
    "code_not_found": "No such discount code",
    "order_not_found": "No such order",
    "complaint_not_found": "No such complaint",
    "complaint_resolved": "The complaint is resolved already",
    "not_enough_credits": "The member has fewer credits than that",
    "appeal_not_found": "No such appeal",
    "appeal_decided": "The appeal is decided already",
    "cannot_undo": "Decisions of kind {restriction} cannot be lifted on appeal yet "
                   "(application/undoing.py has no way back for them)",
    "invalid_ground": "{value} is no ground (see 'amora grounds list')",
    "notice_not_found": "No complaint {id} (--notice names the complaint that led to it)",
    "decision_not_found": "No decision {id}",
    "message_not_found": "No message {id}",
    "message_already_removed": "Message {id} is removed already",
    "no_text_to_remove": "The member's {field} is empty or removed already: nothing to remove",
    "invalid_text_field": "{value} is no profile text (name, about or city)",
    "notice_of_another_member": "Complaint {id} is about member {member}, not the one restricted",
    "invalid_outcome": "--outcome is action_taken or no_action, not {outcome}",
    "notice_without_decision": "No decision names complaint {id}: restrict with --notice {id} "
                               "first (the member is owed its reasons), or resolve it with "
                               "--outcome no_action",
    "blocklist_free_mail_domain": "{value} is a free-mail domain: it is never listed (it would "
                                  "hold every new member with an address there)",
    "blocklist_invalid_domain": "{value} is no e-mail domain",
    "blocklist_invalid_email": "{value} is no e-mail address",
    "blocklist_invalid_network": "{value} is no IP address or network",
    "blocklist_network_too_wide": "{value} is wider than /{widest}: list a smaller network",
    "blocklist_network_unusable": "{value} cannot be listed (loopback, link-local, multicast "
                                  "or unspecified: a proxy set up wrong gives every visitor "
                                  "such an address)",
    "blocklist_invalid_device": "{value} is no device id (the amora_device cookie: 22 to 64 "
                                "letters, digits, - or _)",
    "blocklist_invalid_photo_hash": "{value} is no photo hash (80 hex digits, as 'amora "
                                    "blocklist list' shows them)",
    "blocklist_plain_photo": "The picture is too plain (nearly one colour) to compare with "
                             "photos: nothing listed",
    "blocklist_entry_not_found": "No block-list entry {id}",
    "blocklist_note_too_long": "A note has at most {max} characters",
    "blocklist_nothing_chosen": "Say what of the member to list",
    # Money (issue 32.4): typed in currency units, two decimals at most.
    "invalid_money": "{value} is no amount of money: type it in currency units, e.g. 20 or "
                     "20.00",
    "money_negative": "{value}: an amount of money here is never negative",
    "money_decimals": "{value}: at most two decimals (cents), e.g. 12.50",
    "money_too_much": "{value} is more than {max}: an amount that large is surely a typo",
    "two_factor_not_on": "The member has no two-step login turned on",
    "order_not_refundable": "The order is {status}: only a paid order can be refunded",
    "refund_period_over": "The site's refund period ({days} days after payment) is over",
    "nothing_to_refund": "All of order {order}'s money was given back already",
    "refund_amount_zero": "A refund gives back more than 0.00",
    "refund_too_much": "Order {order} has {left} {currency} left to refund, not {amount} "
                       "(partial refunds add up to at most what was paid)",
    "refund_plan_changed": "Order {order} or the member's credits changed since the plan "
                           "was shown: nothing refunded; run the command again",
    "refund_failed": "{provider} refused the refund of order {order} ({detail}): nothing "
                     "changed",
    "invalid_order_status": "{value} is no order status (one of {valid})",
    "bundle_named_twice": "The {credits}-credit bundle is named twice",
    "too_many_bundles": "{currency} would have {count} bundles: at most {max}",
    "bundle_not_offered": "No {credits}-credit bundle on offer in {currency}",
    "last_default_bundle": "The last {currency} bundle stays: members whose currency has no "
                           "bundles are offered the {currency} ones",
}


def describe(error: DomainError) -> str:
    if error.code not in _MESSAGES:  # the code itself, with what it is about
        details = ", ".join(f"{key}={value}" for key, value in error.params.items())
        return f"{error.code} ({details})" if details else error.code
    template = _MESSAGES[error.code]
    params = {"field": "", "value": "", "domain": "", "detail": "value", "id": "",
              **error.params}
    try:
        message = template.format(**params)
    except (KeyError, IndexError):
        return error.code
    if error.code == "unknown_setting" and params.get("suggestion"):
        return f"Unknown setting {params['field']}: did you mean {params['suggestion']}?"
    if params.get("expected"):  # a code or address that is none: say what it should be
        message += f" (expected {params['expected']})"
    if "min" in params and "max" in params:  # a number outside its range: say which
        message += f" (a whole number from {params['min']} to {params['max']})"
    return message
