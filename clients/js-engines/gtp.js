#!/usr/bin/env node
// A GTP version 2 engine on stdin/stdout over a JavaScript Go library, for
// `go-oracle gtp-diff` (docs/gtp.md, "JavaScript engines"). Every rule is the library's:
// the adapter only translates coordinates and commands.
//
//   node gtp.js --library goban --rules chinese     (japanese chinese aga korean ing nz)
//   node gtp.js --library go-board [--rules default|allow-suicide]
"use strict";
const readline = require("readline");

const LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
/** An error answered as `? message` (bad arguments, an illegal move). */
class GtpError extends Error {}

const COMMANDS = [
    "protocol_version", "name", "version", "list_commands", "known_command", "quit",
    "boardsize", "rectangular_boardsize", "clear_board", "komi", "play", "undo",
    "is_legal", "all_legal", "list_stones", "captures",
];

function usage(message) {
    process.stderr.write(
        `gtp.js: ${message}\n` +
            "usage: node gtp.js --library goban --rules japanese|chinese|aga|korean|ing|nz\n" +
            "       node gtp.js --library go-board [--rules default|allow-suicide]\n",
    );
    process.exit(2);
}

function parseArgs(argv) {
    const args = { library: null, rules: null };
    for (let i = 0; i < argv.length; i++) {
        const a = argv[i];
        if (a === "--library" || a === "--rules") {
            if (i + 1 >= argv.length) usage(`${a} needs a value`);
            args[a.slice(2)] = argv[++i];
        } else {
            usage(`unexpected argument \`${a}\``);
        }
    }
    if (args.library === "goban") {
        const { GobanGame } = require("./lib/goban.js");
        if (!GobanGame.rules().includes(args.rules)) {
            usage(`--rules for goban: one of ${GobanGame.rules().join(", ")}`);
        }
        return { ...args, Game: GobanGame, scores: true };
    }
    if (args.library === "go-board") {
        const { GoBoardGame } = require("./lib/go-board.js");
        args.rules = args.rules || "default";
        if (!GoBoardGame.rules().includes(args.rules)) {
            usage(`--rules for go-board: one of ${GoBoardGame.rules().join(", ")}`);
        }
        return { ...args, Game: GoBoardGame, scores: false };
    }
    return usage("--library must be goban or go-board");
}

class Adapter {
    constructor(config) {
        this.config = config;
        this.width = 19;
        this.height = 19;
        this.komi = 0;
        this.commands = config.scores ? COMMANDS.concat(["final_score"]) : COMMANDS;
        this.reset();
    }

    reset() {
        this.game = new this.config.Game(this.config.rules, this.width, this.height, this.komi);
    }

    // GTP vertex -> {x from the left, y from the top}; null for pass; throws on bad input.
    vertex(text) {
        const t = (text || "").toUpperCase();
        if (t === "PASS") return null;
        const x = LETTERS.indexOf(t[0]);
        const row = /^[0-9]+$/.test(t.slice(1)) ? parseInt(t.slice(1), 10) : NaN;
        if (x < 0 || x >= this.width || !(row >= 1 && row <= this.height)) {
            throw new GtpError(`invalid vertex \`${text}\``);
        }
        return { x, y: this.height - row };
    }

    name(x, y) {
        return LETTERS[x] + (this.height - y);
    }

    colour(text) {
        const t = (text || "").toLowerCase();
        if (t === "b" || t === "black") return "B";
        if (t === "w" || t === "white") return "W";
        throw new GtpError(`invalid color \`${text}\``);
    }

    // The library keeps its own turn: a colour out of turn is refused, not forced.
    inTurn(colour) {
        if (colour !== this.game.toMove()) {
            throw new GtpError(`${this.config.library} alternates colours: ${this.game.toMove()} is to move`);
        }
    }

    size(width, height) {
        if (!(width >= 2 && width <= 25 && height >= 2 && height <= 25)) {
            throw new GtpError("unacceptable size");
        }
        this.width = width;
        this.height = height;
        this.reset();
        return "";
    }

    legalPoints(colour) {
        const out = [];
        for (let y = this.height - 1; y >= 0; y--) {
            for (let x = 0; x < this.width; x++) {
                if (this.game.isLegal({ x, y })) out.push(this.name(x, y));
            }
        }
        return out.join(" ");
    }

    handle(cmd, args) {
        const int = (s) => (/^[0-9]+$/.test(s || "") ? parseInt(s, 10) : NaN);
        switch (cmd) {
            case "protocol_version":
                return "2";
            case "name":
                return `go-oracle-js ${this.config.library}`;
            case "version":
                return `${this.config.Game.version()} rules ${this.config.rules}`;
            case "list_commands":
                return this.commands.join("\n");
            case "known_command":
                return this.commands.includes(args[0]) ? "true" : "false";
            case "boardsize":
                return this.size(int(args[0]), int(args[0]));
            case "rectangular_boardsize":
                return this.size(int(args[0]), int(args[1]));
            case "clear_board":
                this.reset();
                return "";
            case "komi": {
                const k = Number(args[0]);
                if (args.length !== 1 || !Number.isFinite(k)) throw new GtpError("komi not a float");
                this.komi = k;
                this.reset();
                return "";
            }
            case "play": {
                const colour = this.colour(args[0]);
                const point = this.vertex(args[1]);
                this.inTurn(colour);
                if (point !== null && !this.game.isLegal(point)) throw new GtpError("illegal move");
                this.game.play(point);
                return "";
            }
            case "undo":
                if (!this.game.undo()) throw new GtpError("cannot undo");
                return "";
            case "is_legal": {
                const colour = this.colour(args[0]);
                const point = this.vertex(args[1]);
                this.inTurn(colour);
                return point === null || this.game.isLegal(point) ? "1" : "0";
            }
            case "all_legal": {
                const colour = this.colour(args[0]);
                this.inTurn(colour);
                return this.legalPoints(colour);
            }
            case "list_stones": {
                const want = this.colour(args[0]) === "B" ? 1 : 2;
                const out = [];
                for (let y = 0; y < this.height; y++) {
                    for (let x = 0; x < this.width; x++) {
                        if (this.game.at(x, y) === want) out.push(this.name(x, y));
                    }
                }
                return out.join(" ");
            }
            case "captures":
                return String(this.game.captures(this.colour(args[0])));
            case "final_score": {
                if (!this.config.scores) break;
                const s = this.game.score();
                return s === 0 ? "0" : `${s > 0 ? "B" : "W"}+${Math.abs(s)}`;
            }
            default:
                break;
        }
        throw new GtpError("unknown command");
    }
}

function main() {
    const adapter = new Adapter(parseArgs(process.argv.slice(2)));
    const rl = readline.createInterface({ input: process.stdin, terminal: false });
    rl.on("line", (raw) => {
        const line = raw.replace(/#.*/, "").replace(/[\x00-\x08\x0b-\x1f\x7f]/g, "").trim();
        if (line === "") return;
        const words = line.split(/\s+/);
        let id = "";
        if (/^[0-9]+$/.test(words[0])) id = words.shift();
        const cmd = words.shift() || "";
        if (cmd === "quit") {
            process.stdout.write(`=${id}\n\n`);
            rl.close();
            return;
        }
        let reply;
        try {
            reply = `=${id} ${adapter.handle(cmd, words)}`.trimEnd();
        } catch (e) {
            if (e instanceof GtpError) {
                reply = `?${id} ${e.message}`;
            } else {
                // The library failed on its own: answered, and shown on stderr.
                process.stderr.write(`gtp.js: ${cmd} ${words.join(" ")}: ${e && e.stack}\n`);
                reply = `?${id} internal error: ${e && e.message}`;
            }
        }
        process.stdout.write(reply.replace(/\n+$/, "") + "\n\n");
    });
}

main();
