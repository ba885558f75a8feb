"""A paid order's receipt (issue 34.4): the page and its PDF, for the member who paid.
Under /api/transactions/{id} (the agreed paths) and /api/orders/{id} alike, as the order
itself is."""

from __future__ import annotations

from flask import Blueprint, Response, render_template

from adapters.http.composition import container
from adapters.http.session import require_member
from adapters.receipts.sheet import sheet

blueprint = Blueprint("receipts", __name__)
# The member's own papers: no cache between them and the browser keeps a copy.
PRIVATE = {"Cache-Control": "private, no-store"}


@blueprint.get("/api/transactions/<int:order_id>/receipt")
@blueprint.get("/api/orders/<int:order_id>/receipt")
def receipt(order_id: int) -> Response:
    view = container().receipts().view(require_member(), order_id)
    # Relative: the PDF under the same path as the page.
    page = render_template("receipt.html", sheet=sheet(view), pdf_link="receipt.pdf")
    return Response(page, mimetype="text/html", headers=PRIVATE)


@blueprint.get("/api/transactions/<int:order_id>/receipt.pdf")
@blueprint.get("/api/orders/<int:order_id>/receipt.pdf")
def receipt_pdf(order_id: int) -> Response:
    printed = container().receipts().pdf(require_member(), order_id)
    return Response(printed.content, mimetype="application/pdf", headers={
        **PRIVATE, "Content-Disposition": f'attachment; filename="{printed.filename}"'})
