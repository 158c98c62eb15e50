'use client';
// Gateway extras: auto_routing, auto_routing_debug and the X-On-Behalf-Of header.
import { LIMITS } from '@/lib/schema/constants';
import { useOnBehalfOf } from './draft-context';
import { BodyField, BooleanField } from './fields';
import { OnBehalfOfControl, OnBehalfOfPolicyNote } from './on-behalf-of-control';

export function SectionGateway() {
  const value = useOnBehalfOf();
  const problem = value.length > LIMITS.on_behalf_of.maxLength
    ? `At most ${LIMITS.on_behalf_of.maxLength} characters.`
    : /[^\x20-\x7e]/.test(value) ? 'Only printable ASCII characters are allowed in a header.' : null;
  return (
    <>
      <BooleanField path="auto_routing" help="Gateway extension: routes among quantized, MoE and dense variants of the model family by request complexity." />
      <BooleanField path="auto_routing_debug" help="Gateway extension: with auto_routing, puts the routing decision in response.metadata.auto_routing_debug." />
      <BodyField
        path="X-On-Behalf-Of"
        label="Acting as user"
        keywords="on behalf of header end user"
        localError={problem}
        help="External end-user id the gateway forwards (a header, not a body field); stored responses are scoped to it, so another user's ids answer 404."
      >
        <OnBehalfOfControl />
      </BodyField>
      <OnBehalfOfPolicyNote />
    </>
  );
}
