// Why a delivery's signature passed or failed: digests side by side, encoding, body hash, secret fingerprint, skew, re-serialization.
import { DescriptionList } from '@/components/ui/layout';
import { formatDuration } from '@/lib/jobs/status';
import type { SignatureExplanationReply as Explanation } from '@/lib/webhooks/explain';

const PROBLEMS: Record<string, string> = {
  'no-signature-header': 'No signature header was sent (X-Webhook-Signature, webhook-signature, Stripe-Signature, X-Slack-Signature…).',
  'unrecognised-encoding': 'The signature header is in no encoding this receiver knows.',
  'missing-timestamp': 'The signature form needs an id or timestamp header that is missing.',
  'digest-mismatch': 'The digest differs: another secret, or the body changed after signing.',
};

export function SignatureExplanation({ explanation }: { explanation: Explanation }) {
  const rows: [string, string][] = [
    ['verdict', explanation.is_valid ? 'valid' : 'invalid'],
    ['header', explanation.header ?? '—'],
    ['encoding', explanation.encoding ? `${explanation.encoding} over ${explanation.signed_content}` : '—'],
    ['key', explanation.key_form ?? (explanation.is_valid ? '—' : 'no key form matched')],
    ['received digest (hex)', explanation.received_hex ?? '—'],
    ['expected digest (hex)', explanation.expected_hex ?? '—'],
    ['body', `${explanation.body_length} bytes, SHA-256 ${explanation.body_sha256}`],
    ['secret fingerprint', `${explanation.secret_fingerprint} (first 8 hex of SHA-256 of the secret)`],
    [
      'timestamp skew',
      explanation.timestamp_skew_ms === null
        ? 'no timestamp header'
        : `${explanation.timestamp_skew_ms < 0 ? '-' : ''}${formatDuration(Math.abs(explanation.timestamp_skew_ms))} (${explanation.timestamp_header} vs received time)`,
    ],
    [
      're-serialized',
      !explanation.reserialized.is_json
        ? 'body is not JSON'
        : explanation.reserialized.looks_reserialized
          ? 'yes: the signature matches the body re-serialized as JSON, not the raw bytes; something re-encoded it on the way'
          : explanation.reserialized.differs_from_raw
            ? 'no (the raw JSON is not in compact form, which is fine)'
            : 'no',
    ],
  ];
  return (
    <div data-testid="signature-explanation" data-valid={explanation.is_valid}>
      {!explanation.is_valid && explanation.problem ? <p className="mb-1 text-xs text-danger">{PROBLEMS[explanation.problem]}</p> : null}
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
