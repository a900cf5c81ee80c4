// Starts one durable-analyst analysis from Node and prints its answer and
// chart keys: node analyze.mjs <question> <csv-file>
//
// It reads the same environment as the starter, which the dev stack's
// banner prints: TEMPORAL_ADDRESS (default 127.0.0.1:7233),
// TEMPORAL_NAMESPACE (default "default"), TASK_QUEUE (default "analysis"),
// and PAYLOAD_KEY_FILE or PAYLOAD_KEYS for encrypted payloads (without
// either it sends and reads plain JSON, for a stack run with -plaintext).
// The CSV goes inline in the input (at most 64 KiB; larger files go to S3
// and are named by s3_key).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client, Connection, WorkflowFailedError } from '@temporalio/client';
import { AnalystCodec, keysFromEnv } from './codec.mjs';

async function main(argv) {
  if (argv.length !== 2 || argv[0].trim() === '') {
    throw new Error('usage: node analyze.mjs <question> <csv-file>');
  }
  const [question, file] = argv;
  let content;
  try {
    content = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`read ${file}: ${err.message}`);
  }
  const address = process.env.TEMPORAL_ADDRESS || '127.0.0.1:7233';
  const namespace = process.env.TEMPORAL_NAMESPACE || 'default';
  const taskQueue = process.env.TASK_QUEUE || 'analysis';
  const keys = keysFromEnv(process.env);

  const connection = await Connection.connect({ address });
  try {
    const client = new Client({
      connection,
      namespace,
      dataConverter: keys ? { payloadCodecs: [new AnalystCodec(keys)] } : undefined,
    });
    const workflowId = `ts-analysis-${randomUUID()}`;
    const handle = await client.workflow.start('AnalysisWorkflow', {
      taskQueue,
      workflowId,
      args: [{ question, datasets: [{ name: basename(file), content }] }],
    });
    console.log(`started ${workflowId} (payloads ${keys ? `encrypted with key ${keys[0].id}` : 'in plaintext'})`);
    const progress = await handle.query('progress');
    console.log(`progress: ${progress.status}, step ${progress.step} of ${progress.max_steps}`);
    const result = await handle.result();
    console.log(`status: ${result.status}`);
    console.log(`answer: ${result.answer}`);
    for (const chart of result.charts ?? []) console.log(`chart: ${chart.key}`);
  } finally {
    await connection.close();
  }
}

/** The message of an error and of each cause below it. */
function explain(err) {
  const lines = [];
  for (let e = err; e; e = e.cause) lines.push(e.message);
  return lines.join('\n  caused by: ');
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof WorkflowFailedError ? `analysis failed: ${explain(err.cause)}` : `analyze.mjs: ${explain(err)}`);
    process.exit(1);
  },
);
