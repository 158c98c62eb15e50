// Why a delivery's signature passed or failed: digests side by side, encoding, body hash, secret fingerprint, skew, re-serialization.
import { DescriptionList } from '@/components/ui/layout';
import { formatDuration } from '@/lib/jobs/status';
import type { SignatureExplanation as Explanation } from '@/lib/webhooks/explain';

const PROBLEMS: Record<string, string> = {
  'no-signature-header': 'No signature header was sent (X-Webhook-Signature, webhook-signature, Stripe-Signature, X-Slack-Signature…).',
  'unrecognised-encoding': 'The signature header is in no encoding this receiver knows.',
  'missing-timestamp': 'The signature form needs an id or timestamp header that is missing.',
  'digest-mismatch': 'The digest differs: another secret, or the body changed after signing.',
};

export function SignatureExplanation({ explanation }: { explanation: Explanation }) {
  const rows: [string, string][] = [
    ['verdict', explanation.isValid ? 'valid' : 'invalid'],
    ['header', explanation.header ?? '—'],
    ['encoding', explanation.encoding ? `${explanation.encoding} over ${explanation.signedContent}` : '—'],
    ['key', explanation.keyForm ?? (explanation.isValid ? '—' : 'no key form matched')],
    ['received digest (hex)', explanation.receivedHex ?? '—'],
    ['expected digest (hex)', explanation.expectedHex ?? '—'],
    ['body', `${explanation.bodyLength} bytes, SHA-256 ${explanation.bodySha256}`],
    ['secret fingerprint', `${explanation.secretFingerprint} (first 8 hex of SHA-256 of the secret)`],
    [
      'timestamp skew',
      explanation.timestampSkewMs === null
        ? 'no timestamp header'
        : `${explanation.timestampSkewMs < 0 ? '-' : ''}${formatDuration(Math.abs(explanation.timestampSkewMs))} (${explanation.timestampHeader} vs received time)`,
    ],
    [
      're-serialized',
      !explanation.reserialized.isJson
        ? 'body is not JSON'
        : explanation.reserialized.looksReserialized
          ? 'yes: the signature matches the body re-serialized as JSON, not the raw bytes; something re-encoded it on the way'
          : explanation.reserialized.differsFromRaw
            ? 'no (the raw JSON is not in compact form, which is fine)'
            : 'no',
    ],
  ];
  return (
    <div data-testid="signature-explanation" data-valid={explanation.isValid}>
      {!explanation.isValid && explanation.problem ? <p className="mb-1 text-xs text-danger">{PROBLEMS[explanation.problem]}</p> : null}
      <DescriptionList
        size="xs"
        items={rows.map(([label, value]) => ({
          term: label,
          value,
          isMono: true,
          testId: `explanation-${label.replace(/[^a-z0-9]+/g, '-').replace(/-+$/, '')}`,
        }))}
      />
    </div>
  );
}
