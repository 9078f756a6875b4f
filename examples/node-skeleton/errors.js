// Errors a call can end with (PROTOCOL.md section 2.2) and their gRPC form.
//
// - InvalidArgument: malformed or inconsistent input. INVALID_ARGUMENT with a
//   google.rpc.BadRequest detail (AIP-193) in the `grpc-status-details-bin` trailer, one field
//   violation per offending request field ("state.players[1].hand[2]", "action.encoded").
// - NotImplemented: the request needs a capability this server does not implement (e.g. a
//   strike attack). The contract has no status for this; the skeleton answers UNIMPLEMENTED
//   naming the capability, rather than a wrong answer.
// An illegal action is neither: it is an ordinary answer (legal: false with violations).
'use strict';

class InvalidArgument extends Error {
  /** @param {{field: string, description: string}[]} violations */
  constructor(violations) {
    super(violations.map((v) => `${v.field}: ${v.description}`).join('; '));
    this.violations = violations;
  }

  static field(field, description) {
    return new InvalidArgument([{ field, description }]);
  }
}

class NotImplemented extends Error {
  /** @param {string[]} capabilities the capabilities (PROTOCOL.md 9.2) the request needs */
  constructor(capabilities, what) {
    super(`this server does not implement the capability ${capabilities.join(', ')} (needed for ${what})`);
    this.capabilities = capabilities;
  }
}

// --- google.rpc.Status with a BadRequest detail, encoded by hand (three tiny messages) -----

function varint(n) {
  const bytes = [];
  while (n > 0x7f) {
    bytes.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  bytes.push(n);
  return Buffer.from(bytes);
}

/** A length-delimited field (wire type 2): strings, bytes and messages. */
function lengthField(number, payload) {
  const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  return Buffer.concat([varint((number << 3) | 2), varint(bytes.length), bytes]);
}

/** Serialized google.rpc.Status{code, message, details: [Any(BadRequest)]}. */
function badRequestStatus(code, message, violations) {
  // google.rpc.BadRequest { repeated FieldViolation field_violations = 1; }
  // google.rpc.BadRequest.FieldViolation { string field = 1; string description = 2; }
  const badRequest = Buffer.concat(
    violations.map((v) => lengthField(1, Buffer.concat([lengthField(1, v.field), lengthField(2, v.description)]))),
  );
  // google.protobuf.Any { string type_url = 1; bytes value = 2; }
  const any = Buffer.concat([lengthField(1, 'type.googleapis.com/google.rpc.BadRequest'), lengthField(2, badRequest)]);
  // google.rpc.Status { int32 code = 1; string message = 2; repeated Any details = 3; }
  return Buffer.concat([varint((1 << 3) | 0), varint(code), lengthField(2, message), lengthField(3, any)]);
}

/** The error object grpc-js sends for `err` (with `trailer` metadata added). */
function toServiceError(err, grpc, trailer) {
  if (err instanceof InvalidArgument) {
    trailer.set('grpc-status-details-bin', badRequestStatus(grpc.status.INVALID_ARGUMENT, err.message, err.violations));
    return { code: grpc.status.INVALID_ARGUMENT, details: err.message, metadata: trailer };
  }
  if (err instanceof NotImplemented) {
    return { code: grpc.status.UNIMPLEMENTED, details: err.message, metadata: trailer };
  }
  console.error(err); // a fault of the server: logged, never shown to the client
  return { code: grpc.status.INTERNAL, details: 'internal error', metadata: trailer };
}

module.exports = { InvalidArgument, NotImplemented, toServiceError };
