// Follows a durable-analyst analysis as it runs and prints its events: the
// code of each cell, its output as it prints, chart keys and the answer;
// exits when the analysis ends: node follow.mjs <workflow-id> [from-offset]
//
// It speaks the analysis' event stream (docs/stream.md), Temporal's
// Workflow Streams protocol: it long-polls the Update
// __temporal_workflow_stream_poll from an offset while the workflow runs,
// and reads what is left with the Query stream_read once it has closed. The
// payload codec (encryption) applies to the Update's result as a whole; each
// item inside is a Temporal Payload (protobuf, base64) of plain JSON.
// Environment as analyze.mjs: TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE and
// PAYLOAD_KEY_FILE or PAYLOAD_KEYS.
import { Client, Connection } from '@temporalio/client';
import proto from '@temporalio/proto';
import { AnalystCodec, keysFromEnv } from './codec.mjs';

const { temporal } = proto; // a CommonJS module: no named exports

const POLL = '__temporal_workflow_stream_poll';
const READ = 'stream_read';

/** The event in an item's data: base64 of a Payload whose data is JSON. */
export function decodeItem(data) {
  const payload = temporal.api.common.v1.Payload.decode(Buffer.from(data, 'base64'));
  return JSON.parse(Buffer.from(payload.data).toString('utf8'));
}

/** Whether a poll failed because the run closed or is closing. */
function closed(err) {
  const text = `${err?.message ?? ''} ${err?.cause?.message ?? ''}`;
  return /already completed|not found|closing its stream/i.test(text);
}

function show(ev, at) {
  switch (ev.kind) {
    case 'started': return `── ${ev.turn ? `turn ${ev.turn}` : 'question'}: ${ev.question}`;
    case 'step': return `── step ${ev.step}`;
    case 'cell_started': return `[step ${ev.step} cell ${ev.cell ?? 0}] ${ev.tool}:\n${ev.code.replace(/^/gm, '  | ')}`;
    case 'output': return ev.text.replace(/\n$/, '');
    case 'cell_finished': return ev.error ? `[step ${ev.step} cell ${ev.cell ?? 0}] raised ${ev.error}` : null;
    case 'chart': return `chart: ${ev.chart.key}`;
    case 'file': return `file: ${ev.file.name}`;
    case 'answer': return `answer: ${ev.text}`;
    case 'ended': return `ended: ${ev.status}${ev.error ? `: ${ev.error}` : ''}`;
    default: return null;
  }
}

async function main(argv) {
  if (argv.length < 1 || argv.length > 2) throw new Error('usage: node follow.mjs <workflow-id> [from-offset]');
  const [workflowId, fromArg] = argv;
  let from = Number(fromArg ?? 0);
  if (!Number.isInteger(from) || from < 0) throw new Error(`from-offset ${fromArg}: want a whole number, 0 or more`);
  const keys = keysFromEnv(process.env);
  const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS || '127.0.0.1:7233' });
  try {
    const client = new Client({
      connection,
      namespace: process.env.TEMPORAL_NAMESPACE || 'default',
      dataConverter: keys ? { payloadCodecs: [new AnalystCodec(keys)] } : undefined,
    });
    const handle = client.workflow.getHandle(workflowId);
    let live = true;
    for (;;) {
      const input = { topics: [], from_offset: from, wait_seconds: 20 };
      let res;
      if (live) {
        try {
          res = await handle.executeUpdate(POLL, { args: [input] });
        } catch (err) {
          if (!closed(err)) throw err;
          live = false;
          continue;
        }
      } else {
        res = await handle.query(READ, input);
      }
      for (const item of res.items) {
        const ev = decodeItem(item.data);
        const line = show(ev, item.offset);
        if (line !== null) console.log(line);
        if (ev.kind === 'ended') return;
      }
      const caughtUp = res.next_offset === from && !res.more_ready;
      from = res.next_offset;
      if (!live && caughtUp) {
        const desc = await handle.describe();
        if (desc.status.name !== 'RUNNING') return;
        live = true; // a run that continued as new: poll its successor
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  } finally {
    await connection.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err) => {
    console.error(`follow.mjs: ${err.message}`);
    process.exit(1);
  },
);
