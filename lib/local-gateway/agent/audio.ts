// A tiny real WAV (8 kHz, 8-bit mono PCM) standing in for a text-to-speech rendering of a transcript.
const SAMPLE_RATE = 8000;
const MIN_SECONDS = 0.1;
const MAX_SECONDS = 1;
const SECONDS_PER_WORD = 0.06;

function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** WAV bytes: one short tone per word of the transcript (pitch from the word's length). */
export function renderWav(transcript: string): Buffer {
  const words = transcript.split(/\s+/).filter(Boolean);
  const seconds = Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, words.length * SECONDS_PER_WORD));
  const samples = Buffer.alloc(Math.round(seconds * SAMPLE_RATE));
  const samplesPerWord = Math.max(1, Math.floor(samples.length / Math.max(1, words.length)));
  for (let i = 0; i < samples.length; i += 1) {
    const word = words[Math.min(words.length - 1, Math.floor(i / samplesPerWord))] ?? '';
    const frequency = 220 + 40 * (word.length % 10);
    samples[i] = Math.round(128 + 48 * Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE));
  }
  return Buffer.concat([wavHeader(samples.length), samples]);
}

/** Base64 WAV for an output_audio part. */
export function renderWavBase64(transcript: string): string {
  return renderWav(transcript).toString('base64');
}

/** Base64 chunks of the audio (each a whole number of 3-byte groups, so they concatenate to the full base64). */
export function splitBase64(data: string, chunkChars = 4096): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < data.length; i += chunkChars) chunks.push(data.slice(i, i + chunkChars));
  return chunks;
}
