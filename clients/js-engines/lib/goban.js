// The board engine of online-go.com (npm `goban`, its GobanEngine), without the rest of the
// package. The package ships one webpack bundle whose entry (src/index.ts) loads the
// renderers, which touch `window` and `document` at load time. We evaluate the same bundle
// with its entry switched to the engine's own index (src/engine/index.ts): no renderer
// module runs, so no DOM shim is needed. The only stand-in is the UMD wrapper's `self`
// argument (an empty object; the engine never reads it).
"use strict";
const fs = require("fs");
const vm = require("vm");

const ENTRY = '__webpack_require__("./src/index.ts")';
const ENGINE_ENTRY = '__webpack_require__("./src/engine/index.ts")';

let cached = null;

/** The exports of goban's src/engine/index.ts (GobanEngine, ...). */
function loadEngineModule() {
    if (cached) return cached;
    const path = require.resolve("goban");
    const source = fs.readFileSync(path, "utf8");
    if (source.split(ENTRY).length !== 2) {
        throw new Error(`${path}: the bundle's entry ${ENTRY} was not found once`);
    }
    const wrapped = "(function (module, exports, self) {" + source.replace(ENTRY, ENGINE_ENTRY) + "\n})";
    const module = { exports: {} };
    vm.runInThisContext(wrapped, { filename: path })(module, module.exports, {});
    cached = module.exports;
    return cached;
}

// The rule sets GobanEngine.fillDefaults knows (src/engine/GobanEngine.ts).
const RULES = ["japanese", "chinese", "aga", "korean", "ing", "nz"];

/**
 * One game on a GobanEngine. Moves are played as the OGS client plays a click
 * (InteractiveBase: place(x, y, checkForKo = true, errorOnSuperKo = true)); everything else
 * (self-capture, simple ko, superko, the rule set's options) is the engine's own.
 */
class GobanGame {
    constructor(rules, width, height, komi) {
        const { GobanEngine } = loadEngineModule();
        this.engine = new GobanEngine({ rules, width, height, komi, phase: "play" });
        this.width = width;
        this.height = height;
    }

    static rules() {
        return RULES;
    }

    static version() {
        return require("goban/package.json").version;
    }

    toMove() {
        return this.engine.player === 1 ? "B" : "W";
    }

    // x from the left, y from the top (goban's board[y][x]); null for a pass.
    play(point) {
        if (point === null) {
            this.engine.place(-1, -1, true, true);
            return;
        }
        this.engine.place(point.x, point.y, true, true);
    }

    // The engine's own answer to a play, then the engine is put back where it was
    // (jumpTo the node it stood on: GobanEngine's own navigation, as showPrevious does).
    isLegal(point) {
        const before = this.engine.cur_move;
        try {
            this.engine.place(point.x, point.y, true, true);
            return true;
        } catch (e) {
            if (!isMoveError(e)) throw e;
            return false;
        } finally {
            this.engine.jumpTo(before);
        }
    }

    undo() {
        const prev = this.engine.cur_move.prev();
        if (!prev) return false;
        this.engine.jumpTo(prev);
        return true;
    }

    // 1 black, 2 white, 0 empty.
    at(x, y) {
        return this.engine.board[y][x];
    }

    // Stones each side has captured: goban counts a captured black stone in white_prisoners.
    captures(colour) {
        return colour === "B" ? this.engine.black_prisoners : this.engine.white_prisoners;
    }

    // computeScore() with no stone marked dead: totals of stones, territory, prisoners,
    // komi and handicap as the rule set counts them. Black minus White.
    score() {
        const s = this.engine.computeScore();
        return s.black.total - s.white.total;
    }
}

function isMoveError(e) {
    return e && e.constructor && e.constructor.name === "GobanMoveError";
}

module.exports = { GobanGame, loadEngineModule };
