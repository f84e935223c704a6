// Syncs the go-oracle GTP referee to game states with Sabaki's own GTP library
// (@sabaki/gtp's ControllerStateTracker, which Sabaki uses to keep an engine in sync), under
// every ruleset: a record that goes on after two passes, handicap stones, undo (a state
// that is a prefix of the one before), loadsgf (an SGF written with @sabaki/sgf). After
// each sync the referee's stones (list_stones) and showboard must match the state.
// Usage: node test.js [PATH_TO_GO_ORACLE]; exits 1 on the first mismatch or failed sync.
const {Controller, ControllerStateTracker} = require('@sabaki/gtp')
const sgf = require('@sabaki/sgf')
const fs = require('fs')
const os = require('os')
const path = require('path')

const binary =
  process.argv[2] || path.join(__dirname, '..', '..', 'target', 'release', 'go-oracle')
const RULESETS = ['tromp-taylor', 'tromp-logical', 'naj', 'najn', 'j2003', 'vjr', 'ljr']
const play = (c, v) => ({name: 'play', args: [c, v]})

// A record that goes on after two passes (B C3 W G7 B pass W pass, then B D4 W F6 ...).
const AFTER_END = [
  play('B', 'C3'), play('W', 'G7'), play('B', 'PASS'), play('W', 'PASS'),
  play('B', 'D4'), play('W', 'F6'), play('B', 'E5')
]
// J2003: the ending pass is judged by J-19. The reference runs the analysis, undetermined
// within any budget a GUI can wait for (even on 3x3); the optimized engine first applies the
// lemma J19-L1 (spec/j2003.md: no ko stone, no direct ko stone), so under J2003 the referee
// runs with `--engine optimized` and takes the same record as every other ruleset.
const ENGINE_ARGS = ruleset => (ruleset === 'j2003' ? ['--engine', 'optimized'] : [])
const HANDICAP = [
  {name: 'set_free_handicap', args: ['C3', 'G7']},
  play('W', 'E5'), play('B', 'D6'), play('W', 'F4')
]

// The stones a history without captures leaves, per colour, in GTP vertex names.
function stonesOf(history) {
  let out = {B: new Set(), W: new Set()}
  for (let c of history) {
    if (c.name === 'set_free_handicap') c.args.forEach(v => out.B.add(v))
    else if (c.args[1] !== 'PASS') out[c.args[0]].add(c.args[1])
  }
  return out
}

async function expectStones(tracker, want, what) {
  for (let [c, name] of [['B', 'black'], ['W', 'white']]) {
    let res = await tracker.queueCommand({name: 'list_stones', args: [name]})
    if (res.error) throw new Error(`${what}: list_stones ${name}: ${res.content}`)
    let got = new Set(res.content.trim().split(/\s+/).filter(x => x))
    let expected = [...want[c]].sort().join(' ')
    if ([...got].sort().join(' ') !== expected) {
      throw new Error(`${what}: ${name} stones ${[...got].sort().join(' ')}, expected ${expected}`)
    }
  }
  let board = await tracker.queueCommand({name: 'showboard', args: []})
  let count = (board.content.match(/#/g) || []).length
  let whites = (board.content.match(/ O /g) || []).length
  if (board.error || count !== want.B.size || whites !== want.W.size) {
    throw new Error(`${what}: showboard does not match:\n${board.content}`)
  }
}

// The SGF of a 9x9 game with these moves (GTP vertices; row 1 at the bottom).
function sgfOf(moves) {
  let letters = 'ABCDEFGHJ'
  let coord = v =>
    v === 'PASS' ? '' : 'abcdefghi'[letters.indexOf(v[0])] + 'abcdefghi'[9 - +v.slice(1)]
  let root = {id: 0, data: {GM: ['1'], FF: ['4'], SZ: ['9'], KM: ['0']}, children: []}
  let node = root
  moves.forEach((m, i) => {
    let child = {id: i + 1, data: {[m.args[0]]: [coord(m.args[1])]}, children: []}
    node.children.push(child)
    node = child
  })
  return sgf.stringify([root])
}

async function run(ruleset) {
  let controller = new Controller(binary, [
    'gtp', '--ruleset', ruleset, '--budget', '20000', ...ENGINE_ARGS(ruleset)
  ])
  controller.start()
  let tracker = new ControllerStateTracker(controller)
  let komi = ruleset === 'ljr' ? 0 : 6.5
  try {
    let base = {komi, boardsize: [9, 9]}
    let step = async (history, what) => {
      await tracker.sync({...base, history})
      await expectStones(tracker, stonesOf(history), `${ruleset}: ${what}`)
    }
    let record = AFTER_END
    let end = '4'
    await step(record, 'a record that goes on after two passes')
    let ends = await tracker.queueCommand({name: 'go-oracle-game_end', args: []})
    if (ends.error || ends.content.trim() !== end) {
      throw new Error(`${ruleset}: go-oracle-game_end answered ${ends.content}, expected ${end}`)
    }
    await step(record.slice(0, 5), 'undo back across the end')
    await step(AFTER_END.slice(0, 2), 'undo before the end')
    await step(HANDICAP, 'handicap stones')
    await step(HANDICAP.slice(0, 2), 'undo after handicap')
    let file = path.join(os.tmpdir(), `sabaki-sync-${process.pid}-${ruleset}.sgf`)
    fs.writeFileSync(file, sgfOf(record))
    let loaded = await tracker.queueCommand({name: 'loadsgf', args: [file]})
    fs.unlinkSync(file)
    if (loaded.error) throw new Error(`${ruleset}: loadsgf: ${loaded.content}`)
    await expectStones(tracker, stonesOf(record), `${ruleset}: loadsgf`)
    // After loadsgf the tracker knows nothing: the sync replays from clear_board.
    await step([...record, play('W', 'B8')], 'sync after loadsgf')
    console.log(`ok ${ruleset}`)
  } finally {
    await controller.stop()
  }
}

;(async () => {
  let failed = 0
  for (let r of RULESETS) {
    try {
      await run(r)
    } catch (err) {
      failed++
      console.log(`FAILED ${r}: ${err.message}`)
    }
  }
  console.log(`sabaki-sync: ${RULESETS.length - failed} of ${RULESETS.length} rulesets in sync`)
  process.exit(failed ? 1 : 0)
})()
