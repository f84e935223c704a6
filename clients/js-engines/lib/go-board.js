// @sabaki/go-board: an immutable board. makeMove(sign, vertex, options) returns a new board
// or throws; its only rule options are preventOverwrite, preventSuicide and preventKo.
// preventKo bans exactly one play: the immediate recapture, by the other colour, of a
// single stone that has just captured a single stone and is left with that one liberty
// (the board's _koInfo, set by every makeMove). The library has no pass, no history and no
// superko. A pass here is the library's own makeMove with a vertex off the board, which
// returns the board unchanged (its _koInfo included).
"use strict";
const Board = require("@sabaki/go-board");

const RULES = {
    // preventOverwrite, preventSuicide, preventKo.
    default: { preventOverwrite: true, preventSuicide: true, preventKo: true },
    // preventOverwrite, preventKo: suicide is played (the string is removed and counted
    // as captured by the opponent).
    "allow-suicide": { preventOverwrite: true, preventSuicide: false, preventKo: true },
};

class GoBoardGame {
    constructor(rules, width, height) {
        this.options = RULES[rules];
        this.board = Board.fromDimensions(width, height);
        this.history = [];
        this.next = "B";
        this.width = width;
        this.height = height;
    }

    static rules() {
        return Object.keys(RULES);
    }

    static version() {
        return require("@sabaki/go-board/package.json").version;
    }

    toMove() {
        return this.next;
    }

    sign() {
        return this.next === "B" ? 1 : -1;
    }

    play(point) {
        const vertex = point === null ? [-1, -1] : [point.x, point.y];
        const after = this.board.makeMove(this.sign(), vertex, this.options);
        this.history.push({ board: this.board, next: this.next });
        this.board = after;
        this.next = this.next === "B" ? "W" : "B";
    }

    isLegal(point) {
        try {
            this.board.makeMove(this.sign(), [point.x, point.y], this.options);
            return true;
        } catch (e) {
            if (!/prevented$/.test(e && e.message)) throw e;
            return false;
        }
    }

    undo() {
        const last = this.history.pop();
        if (!last) return false;
        this.board = last.board;
        this.next = last.next;
        return true;
    }

    at(x, y) {
        const s = this.board.get([x, y]);
        return s === 1 ? 1 : s === -1 ? 2 : 0;
    }

    captures(colour) {
        return this.board.getCaptures(colour === "B" ? 1 : -1);
    }
}

module.exports = { GoBoardGame, RULES };
