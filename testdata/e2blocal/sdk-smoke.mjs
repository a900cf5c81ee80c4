// Drives a running e2blocal server with the official E2B JS SDKs
// (e2b@2.51.0, @e2b/code-interpreter@2.8.0). Needs E2B_API_URL,
// E2B_SANDBOX_URL and E2B_API_KEY in the environment; run it from a directory
// whose node_modules holds both packages. Prints "SDK SMOKE OK" on success.
import { Sandbox as CodeSandbox } from '@e2b/code-interpreter'
import { Sandbox } from 'e2b'
import assert from 'node:assert/strict'

const sbx = await CodeSandbox.create({ metadata: { suite: 'sdk-smoke' }, timeoutMs: 120_000 })
try {
  await sbx.runCode('x = 21')
  const ex = await sbx.runCode('print("hi")\nx * 2')
  assert.equal(ex.text, '42')
  assert.deepEqual(ex.logs.stdout, ['hi\n'])

  const chart = await sbx.runCode('import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\nplt.show()')
  assert.equal(chart.results.length, 1)
  assert.ok(chart.results[0].png.length > 100, 'png result')

  const df = await sbx.runCode('import pandas as pd\npd.DataFrame({"a": [1, 2]})')
  assert.match(df.results[0].html, /<table/)

  const err = await sbx.runCode('1/0')
  assert.equal(err.error.name, 'ZeroDivisionError')

  const ctx = await sbx.createCodeContext()
  await sbx.runCode('x = 1', { context: ctx })
  assert.equal((await sbx.runCode('x', { context: ctx })).text, '1')
  assert.equal((await sbx.runCode('x')).text, '21')

  await sbx.files.write('/home/user/data/a.txt', 'hello file')
  assert.equal(await sbx.files.read('/home/user/data/a.txt'), 'hello file')
  assert.equal(await sbx.files.exists('/home/user/data/a.txt'), true)
  assert.equal(await sbx.files.exists('/home/user/nope'), false)
  const entries = await sbx.files.list('/home/user/data')
  assert.deepEqual(entries.map((e) => e.name), ['a.txt'])
  assert.equal((await sbx.runCode('open("/home/user/data/a.txt").read()')).text, 'hello file')

  const cmd = await sbx.commands.run('echo cmd-out; echo cmd-err >&2')
  assert.equal(cmd.exitCode, 0)
  assert.equal(cmd.stdout, 'cmd-out\n')
  assert.equal(cmd.stderr, 'cmd-err\n')
  await assert.rejects(sbx.commands.run('exit 4'), (e) => e.exitCode === 4)

  const bg = await sbx.commands.run('sleep 30', { background: true })
  assert.equal(await bg.kill(), true)

  assert.equal(await sbx.isRunning(), true)
  const info = await sbx.getInfo()
  assert.equal(info.metadata.suite, 'sdk-smoke')
  await sbx.setTimeout(60_000)

  const paginator = Sandbox.list({ query: { metadata: { suite: 'sdk-smoke' } } })
  const listed = await paginator.nextItems()
  assert.deepEqual(listed.map((s) => s.sandboxId), [sbx.sandboxId])

  assert.equal(await sbx.pause(), true)
  const again = await CodeSandbox.connect(sbx.sandboxId)
  assert.equal((await again.runCode('x')).text, '21')
} finally {
  assert.equal(await sbx.kill(), true)
}
assert.equal(await Sandbox.kill(sbx.sandboxId), false)
console.log('SDK SMOKE OK')
