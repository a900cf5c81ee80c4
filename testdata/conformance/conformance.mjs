// E2B protocol conformance: drives a running e2blocal server with the
// official JS SDKs (e2b@2.51.0, @e2b/code-interpreter@2.8.0) through the
// scenarios the agent relies on. e2b/conformance_test.go runs the same
// scenarios with the Go client; keep the two in step.
//
// Needs E2B_API_URL, E2B_SANDBOX_URL and E2B_API_KEY; run.sh sets them.
// With E2B_CONFORMANCE_RECORD=<dir>, the /execute streams of the scenarios
// named in RECORD below are written to <dir>/<name>.ndjson (goldens for
// testdata/e2b/).
//
//	node --test conformance.mjs
import { Sandbox } from '@e2b/code-interpreter'
import { CommandExitError, SandboxNotFoundError } from 'e2b'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, test } from 'node:test'

for (const name of ['E2B_API_URL', 'E2B_SANDBOX_URL', 'E2B_API_KEY']) {
  if (!process.env[name]) throw new Error(`${name} is not set; run run.sh`)
}

const TEMPLATE = 'code-interpreter-v1'
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
// A metadata value no other run (or leftover sandbox) shares.
const RUN = `conformance-${randomUUID()}`

// /execute streams to save when recording, by the code that produces them.
const RECORD = new Map([
  ['print("hello")\n2 + 2', 'execute_local_stdout_result'],
  ['undefined_name_xyz', 'execute_local_name_error'],
])
const recordDir = process.env.E2B_CONFORMANCE_RECORD
if (recordDir) {
  // The code interpreter SDK calls the global fetch for /execute.
  const plainFetch = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const res = await plainFetch(input, init)
    const name = String(input).includes('/execute') && RECORD.get(JSON.parse(init.body).code)
    if (!name || !res.body) return res
    const [mine, theirs] = res.body.tee()
    new Response(mine).text().then((body) => writeFile(join(recordDir, `${name}.ndjson`), body))
    return new Response(theirs, { status: res.status, statusText: res.statusText, headers: res.headers })
  }
}

let sbx // created by the first test, killed by the "kill" test

/** need returns the sandbox, or fails the test when create did not work. */
function need() {
  assert.ok(sbx, 'no sandbox: the create test failed')
  return sbx
}

after(async () => {
  if (sbx) await Sandbox.kill(sbx.sandboxId).catch(() => {})
})

test('create with metadata', async () => {
  sbx = await Sandbox.create(TEMPLATE, { metadata: { run: RUN, suite: 'conformance' }, timeoutMs: 120_000 })
  assert.match(sbx.sandboxId, /^[a-z0-9]+$/)
  const info = await sbx.getInfo()
  assert.equal(info.sandboxId, sbx.sandboxId)
  assert.deepEqual(info.metadata, { run: RUN, suite: 'conformance' })
  assert.equal(info.state, 'running')
  assert.equal(await sbx.isRunning(), true)
})

test('runCode prints to stdout', async () => {
  const ex = await need().runCode('print("hello")\n2 + 2')
  assert.deepEqual(ex.logs.stdout, ['hello\n'])
  assert.deepEqual(ex.logs.stderr, [])
  assert.equal(ex.error, undefined)
})

test('last expression is the main result', async () => {
  const ex = await need().runCode('2 + 2')
  assert.equal(ex.text, '4')
  assert.equal(ex.results.length, 1)
  assert.equal(ex.results[0].isMainResult, true)
  assert.equal(ex.executionCount > 0, true)
})

test('matplotlib chart comes back as PNG', async () => {
  const ex = await need().runCode(
    'import matplotlib.pyplot as plt\nplt.plot([1, 2, 3], [1, 4, 9])\nplt.title("Squares")\nplt.show()',
  )
  assert.equal(ex.error, undefined)
  const pngs = ex.results.filter((r) => r.png)
  assert.equal(pngs.length, 1, `want one PNG result, got formats ${JSON.stringify(ex.results.map((r) => r.formats()))}`)
  const png = Buffer.from(pngs[0].png, 'base64')
  assert.ok(png.length > 1000, `PNG is ${png.length} bytes`)
  assert.deepEqual(png.subarray(0, 8), PNG_SIGNATURE)
  // The same result carries the chart data (e2b/chart).
  const chart = pngs[0].chart
  assert.ok(chart, 'the PNG result has no chart')
  assert.equal(chart.type, 'line')
  assert.equal(chart.title, 'Squares')
  assert.equal(chart.elements.length, 1)
  assert.equal(chart.elements[0].label, 'Line 0')
  assert.deepEqual(chart.elements[0].points, [[1, 1], [2, 4], [3, 9]])
})

test('exception comes back with a traceback', async () => {
  const ex = await need().runCode('undefined_name_xyz')
  assert.ok(ex.error, 'want an error')
  assert.equal(ex.error.name, 'NameError')
  assert.match(ex.error.value, /undefined_name_xyz/)
  assert.match(ex.error.traceback, /undefined_name_xyz/)
  assert.deepEqual(ex.results, [])
})

test('state is kept across runs', async () => {
  await need().runCode('counter = 41')
  assert.equal((await sbx.runCode('counter += 1\ncounter')).text, '42')
})

test('a second context has its own state', async () => {
  const ctx = await need().createCodeContext({ language: 'python' })
  assert.ok(ctx.id, 'context id')
  assert.equal(ctx.language, 'python')
  await sbx.runCode('only_in_ctx = "ctx"', { context: ctx })
  await sbx.runCode('only_in_default = "default"')
  assert.equal((await sbx.runCode('only_in_ctx', { context: ctx })).text, 'ctx')
  assert.equal((await sbx.runCode('only_in_ctx')).error?.name, 'NameError')
  assert.equal((await sbx.runCode('only_in_default', { context: ctx })).error?.name, 'NameError')
  const ids = (await sbx.listCodeContexts()).map((c) => c.id)
  assert.ok(ids.includes(ctx.id), `listCodeContexts ${JSON.stringify(ids)} lacks ${ctx.id}`)
})

test('files write, read, list and remove', async () => {
  const files = need().files
  const info = await files.write('/home/user/conf/a.txt', 'hello file\n')
  assert.equal(info.path, '/home/user/conf/a.txt')
  assert.equal(await files.read('/home/user/conf/a.txt'), 'hello file\n')
  const entries = await files.list('/home/user/conf')
  assert.deepEqual(entries.map((e) => [e.name, e.type, e.size]), [['a.txt', 'file', 11]])
  // A signed URL reads without the access token; E2B_SANDBOX_URL drops the
  // sandbox from the host, so the routing headers say which one.
  const res = await fetch(await sbx.downloadUrl('/home/user/conf/a.txt'), {
    headers: { 'E2b-Sandbox-Id': sbx.sandboxId, 'E2b-Sandbox-Port': '49983' },
  })
  assert.equal(res.status, 200)
  assert.equal(await res.text(), 'hello file\n')
  // The kernel sees the same filesystem.
  assert.equal((await sbx.runCode('open("/home/user/conf/a.txt").read() == "hello file\\n"')).text, 'True')
  await files.remove('/home/user/conf/a.txt')
  assert.equal(await files.exists('/home/user/conf/a.txt'), false)
  assert.deepEqual(await files.list('/home/user/conf'), [])
})

test('files.watchDir reports a written file until stopped', async () => {
  const files = need().files
  await files.makeDir('/home/user/watched')
  const events = []
  let sawWrite
  const written = new Promise((resolve) => (sawWrite = resolve))
  const handle = await files.watchDir('/home/user/watched', (ev) => {
    events.push([ev.type, ev.name])
    if (ev.type === 'write' && ev.name === 'w.txt') sawWrite()
  })
  await files.write('/home/user/watched/w.txt', 'watched\n')
  let timer
  await Promise.race([
    written,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no write event in 5 s, got ${JSON.stringify(events)}`)), 5000))),
  ]).finally(() => clearTimeout(timer))
  assert.deepEqual(events, [['create', 'w.txt'], ['write', 'w.txt']])
  await handle.stop()
  await files.write('/home/user/watched/after-stop.txt', 'x')
  await new Promise((resolve) => setTimeout(resolve, 400))
  assert.deepEqual(events, [['create', 'w.txt'], ['write', 'w.txt']], 'events after stop')
})

test('commands.run returns output', async () => {
  const res = await need().commands.run('echo hello')
  assert.equal(res.exitCode, 0)
  assert.equal(res.stdout, 'hello\n')
  assert.equal(res.stderr, '')
  await assert.rejects(sbx.commands.run('echo oops >&2; exit 3'), (err) => {
    assert.ok(err instanceof CommandExitError, `got ${err}`)
    assert.equal(err.exitCode, 3)
    assert.equal(err.stderr, 'oops\n')
    return true
  })
})

test('background command is killed', async () => {
  const handle = await need().commands.run('sleep 30', { background: true })
  assert.ok(handle.pid > 0, `pid ${handle.pid}`)
  assert.ok((await sbx.commands.list()).some((p) => p.pid === handle.pid), 'running command not listed')
  const start = Date.now()
  assert.equal(await handle.kill(), true)
  await assert.rejects(handle.wait(), CommandExitError)
  assert.ok(Date.now() - start < 10_000, 'kill took more than 10 s')
  assert.equal((await sbx.commands.list()).some((p) => p.pid === handle.pid), false)
  assert.equal(await sbx.commands.kill(handle.pid), false)
})

test('list filtered by metadata', async () => {
  const id = need().sandboxId
  const paginator = Sandbox.list({ query: { metadata: { run: RUN } }, limit: 1 })
  const seen = []
  while (paginator.hasNext) seen.push(...(await paginator.nextItems()))
  assert.deepEqual(seen.map((s) => s.sandboxId), [id])
  assert.deepEqual(seen[0].metadata, { run: RUN, suite: 'conformance' })
  assert.equal(seen[0].state, 'running')
  const none = Sandbox.list({ query: { metadata: { run: `${RUN}-other` } } })
  assert.deepEqual(await none.nextItems(), [])
  assert.equal(none.hasNext, false)
})

test('setTimeout moves the end time', async () => {
  await need().setTimeout(90_000)
  const left = (await sbx.getInfo()).endAt.getTime() - Date.now()
  assert.ok(left > 80_000 && left <= 91_000, `endAt is ${left} ms away, want about 90 s`)
  await sbx.setTimeout(600_000)
  const later = (await sbx.getInfo()).endAt.getTime() - Date.now()
  assert.ok(later > 590_000 && later <= 601_000, `endAt is ${later} ms away, want about 600 s`)
})

test('kill', async () => {
  const id = need().sandboxId
  assert.equal(await sbx.kill(), true)
  assert.equal(await Sandbox.kill(id), false)
  const left = await Sandbox.list({ query: { metadata: { run: RUN } } }).nextItems()
  assert.deepEqual(left, [])
})

test('connect to a killed sandbox fails with not found', async () => {
  const id = need().sandboxId
  await assert.rejects(Sandbox.connect(id), SandboxNotFoundError)
  await assert.rejects(Sandbox.getInfo(id), SandboxNotFoundError)
})

test('lifecycle onTimeout pause: the timeout pauses the sandbox, connect resumes it with its kernel', async () => {
  const meta = { run: `${RUN}-pause`, suite: 'conformance' }
  const p = await Sandbox.create(TEMPLATE, { metadata: meta, timeoutMs: 3_000, lifecycle: { onTimeout: 'pause', autoResume: true } })
  try {
    await p.runCode('kept = 41')
    let state
    for (let i = 0; i < 150 && state !== 'paused'; i++) {
      state = (await Sandbox.getInfo(p.sandboxId)).state
      if (state !== 'paused') await new Promise((r) => setTimeout(r, 100))
    }
    assert.equal(state, 'paused', 'the timeout did not pause the sandbox')
    const paused = await Sandbox.list({ query: { metadata: meta, state: ['paused'] } }).nextItems()
    assert.deepEqual(paused.map((s) => s.sandboxId), [p.sandboxId])
    const again = await Sandbox.connect(p.sandboxId, { timeoutMs: 60_000 })
    assert.equal((await again.getInfo()).state, 'running')
    const ex = await again.runCode('kept + 1')
    assert.equal(ex.text, '42', 'the resumed kernel lost its variable')
  } finally {
    await Sandbox.kill(p.sandboxId).catch(() => {})
  }
})
