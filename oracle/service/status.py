"""The error statuses the service answers with, capped in size.

A client's bad input is answered ``INVALID_ARGUMENT`` with a ``google.rpc.BadRequest``
detail (AIP-193) that lists the violated fields: :func:`bad_request_status` builds that
status, and :func:`cap_text` and the ``MAX_*`` constants below bound how much of a request
an error repeats, so that the trailer stays a few KB however bad the request.
"""

from __future__ import annotations

from typing import NamedTuple

import grpc
from google.rpc import code_pb2, error_details_pb2, status_pb2

from .calls import REQUEST_ID_KEY

__all__ = [
    "MAX_DESCRIPTION_CHARS",
    "MAX_DETAIL_BYTES",
    "MAX_FIELD_CHARS",
    "MAX_MESSAGE_CHARS",
    "MAX_VIOLATIONS",
    "Status",
    "bad_request_status",
    "cap_text",
]

#: Error texts repeat at most this many characters of a field path / of a description.
MAX_FIELD_CHARS = 120
MAX_DESCRIPTION_CHARS = 200
#: The status message (``grpc-message``) is at most about this many characters.
MAX_MESSAGE_CHARS = 240
#: A BadRequest lists at most this many field violations, in at most this many bytes.
MAX_VIOLATIONS = 20
MAX_DETAIL_BYTES = 2048


class Status(NamedTuple):
    """A ``grpc.Status``: code, message and trailing metadata."""

    code: grpc.StatusCode
    details: str
    trailing_metadata: tuple[tuple[str, str | bytes], ...]


def cap_text(text: str, limit: int) -> str:
    """``text``, or its first characters and how long it was when longer than ``limit``:
    an error never repeats more than about ``limit`` characters of a request."""
    if len(text) <= limit:
        return text
    return f"{text[: max(limit - 40, 8)]}… (truncated; {len(text)} characters in all)"


def bad_request_status(violations: list[tuple[str, str]], request_id: str, unlisted: int = 0) -> Status:
    """The ``INVALID_ARGUMENT`` status with a ``google.rpc.BadRequest`` detail listing
    ``violations`` as (field path, reason), and the request id.  Every field path and
    reason is capped (:func:`cap_text`), and at most :data:`MAX_VIOLATIONS` violations in
    at most :data:`MAX_DETAIL_BYTES` bytes are listed; the message says how many more there
    were (``unlisted`` counts those the caller already left out).  So the trailer stays a
    few KB however bad the request."""
    capped = [(cap_text(f, MAX_FIELD_CHARS), cap_text(d, MAX_DESCRIPTION_CHARS)) for f, d in violations[:MAX_VIOLATIONS]]
    listed = error_details_pb2.BadRequest()
    size = 0
    for f, d in capped:
        item = error_details_pb2.BadRequest.FieldViolation(field=f, description=d)
        size += item.ByteSize() + 4
        if listed.field_violations and size > MAX_DETAIL_BYTES:
            break
        listed.field_violations.append(item)
    total = len(violations) + unlisted
    first_field, first_reason = capped[0]
    message = cap_text(f"invalid {first_field}: {first_reason}", MAX_MESSAGE_CHARS)
    if total > 1:
        message += f" (and {total - 1} more"
        left_out = total - len(listed.field_violations)
        message += f"; {left_out} not listed)" if left_out else ")"
    status = status_pb2.Status(code=code_pb2.INVALID_ARGUMENT, message=message)
    status.details.add().Pack(listed)
    return Status(
        grpc.StatusCode.INVALID_ARGUMENT,
        message,
        (("grpc-status-details-bin", status.SerializeToString()), (REQUEST_ID_KEY, request_id)),
    )


