"""The app's URL rules build their URLs on first use (adapters/http/routes.py), exactly as
werkzeug's own rules build them."""

from __future__ import annotations

from flask import Flask
from werkzeug.routing import Map, Rule
from werkzeug.routing.converters import NumberConverter

from adapters.http.routes import BuiltOnUseRule


def _urls(rule_class: type[Rule], app: Flask) -> dict[str, str]:
    """Every rule of the app, built in the two ways werkzeug builds (with and without
    unknown values appended as a query)."""
    routes = Map([rule_class(rule.rule, endpoint=rule.endpoint, methods=rule.methods)
                  for rule in app.url_map.iter_rules()])
    adapter = routes.bind("amora.test")
    built = {}
    for rule in routes.iter_rules():
        values = {name: 7 if isinstance(converter, NumberConverter) else "a b/ç"
                  for name, converter in rule._converters.items()}
        built[rule.endpoint] = adapter.build(rule.endpoint, values)
        built[rule.endpoint + "?"] = adapter.build(rule.endpoint, {**values, "extra": "1 2"})
    return built


def test_every_route_builds_the_url_werkzeug_builds(app: Flask) -> None:
    assert app.url_rule_class is BuiltOnUseRule
    assert _urls(BuiltOnUseRule, app) == _urls(Rule, app)


def test_a_builder_is_compiled_once_and_then_kept() -> None:
    routes = Map([BuiltOnUseRule("/members/<int:member_id>", endpoint="member")])
    rule = next(routes.iter_rules())
    adapter = routes.bind("amora.test")
    first = rule._build_unknown
    assert adapter.build("member", {"member_id": 1}) == "/members/1"
    kept = rule._build_unknown
    assert kept is not first
    assert adapter.build("member", {"member_id": 2, "page": 3}) == "/members/2?page=3"
    assert rule._build_unknown is kept


def test_a_path_without_its_slash_redirects_as_before() -> None:
    def redirect_of(rule_class: type[Rule]) -> tuple[int, str]:
        app = Flask(__name__)
        app.url_rule_class = rule_class
        app.add_url_rule("/shop/<int:page>/", "shop", lambda page: "shop")
        answer = app.test_client().get("/shop/2?x=1")
        return answer.status_code, answer.headers["Location"]

    assert redirect_of(BuiltOnUseRule) == redirect_of(Rule) == (
        308, "http://localhost/shop/2/?x=1")
