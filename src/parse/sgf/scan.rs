//! Where the parts of an SGF text are, for error messages ([`Scan`]).

use super::super::InputError;

/// Where the parts of an SGF text are, for error messages: each game tree's start and its
/// nodes in document order (the main line is their prefix: a node's first child follows
/// it), with their properties, and the first problem of each kind the lexer or the parser
/// of `sgf-parse` would stop at. It mirrors the tokens of `sgf-parse` (brackets with `\`
/// escapes, identifiers up to `[`) and builds nothing.
pub(super) struct Scan<'a> {
    pub(super) text: &'a str,
    pub(super) trees: Vec<ScanTree>,
    /// The first token the lexer rejects: (offset, what).
    pub(super) lexer_problem: Option<(usize, &'static str)>,
    /// The first place the tree structure breaks: (offset, what).
    pub(super) tree_problem: Option<(usize, &'static str)>,
}

/// One game tree of the text: where its `(` is, and its nodes.
pub(super) struct ScanTree {
    pub(super) offset: usize,
    pub(super) nodes: Vec<ScanNode>,
}

pub(super) struct ScanNode {
    pub(super) offset: usize,
    pub(super) props: Vec<ScanProp>,
}

pub(super) struct ScanProp {
    pub(super) ident: String,
    pub(super) offset: usize,
    pub(super) values: Vec<String>,
}

impl<'a> Scan<'a> {
    pub(super) fn new(text: &'a str, start: usize) -> Scan<'a> {
        let mut s = Scan {
            text,
            trees: Vec::new(),
            lexer_problem: None,
            tree_problem: None,
        };
        let bytes = text.as_bytes();
        let mut i = start;
        // One flag per open `(`: whether a node has started in it.
        let mut open: Vec<bool> = Vec::new();
        let skip_ws = |i: &mut usize| {
            while *i < bytes.len() && bytes[*i].is_ascii_whitespace() {
                *i += 1;
            }
        };
        loop {
            skip_ws(&mut i);
            let Some(c) = text[i..].chars().next() else {
                break;
            };
            match c {
                '(' => {
                    if open.last() == Some(&false) {
                        s.tree(i, "a variation `(` before any node: expected `;`");
                    }
                    if open.is_empty() {
                        s.trees.push(ScanTree {
                            offset: i,
                            nodes: Vec::new(),
                        });
                    }
                    open.push(false);
                    i += 1;
                }
                ')' => {
                    if open.pop().is_none() {
                        s.tree(i, "`)` closes no game tree");
                    }
                    i += 1;
                }
                ';' => {
                    match open.last_mut() {
                        Some(started) => *started = true,
                        None => s.tree(i, "a node outside a game tree: expected `(`"),
                    }
                    if !open.is_empty() {
                        if let Some(tree) = s.trees.last_mut() {
                            tree.nodes.push(ScanNode {
                                offset: i,
                                props: Vec::new(),
                            });
                        }
                    }
                    i += 1;
                }
                _ => {
                    let ident_at = i;
                    let mut ident = String::new();
                    loop {
                        match text[i..].chars().next() {
                            Some('[') => break,
                            Some(ch) if ch.is_ascii() => {
                                ident.push(ch);
                                i += 1;
                            }
                            Some(_) => {
                                s.lexer(i, "a property identifier must be upper-case letters followed by `[`");
                                return s;
                            }
                            None => {
                                s.lexer(
                                    ident_at,
                                    "expected a property such as `B[dd]`, `;` or `)`",
                                );
                                return s;
                            }
                        }
                    }
                    if open.last() != Some(&true) {
                        s.tree(
                            ident_at,
                            "a property outside a node: expected `;` before it",
                        );
                    }
                    let mut values = Vec::new();
                    loop {
                        skip_ws(&mut i);
                        if bytes.get(i) != Some(&b'[') {
                            break;
                        }
                        let value_at = i;
                        i += 1;
                        let mut value = String::new();
                        let mut escaped = false;
                        loop {
                            let Some(ch) = text[i..].chars().next() else {
                                s.lexer(value_at, "a property value is not closed: expected `]`");
                                return s;
                            };
                            i += ch.len_utf8();
                            match ch {
                                ']' if !escaped => break,
                                '\\' if !escaped => escaped = true,
                                _ => {
                                    escaped = false;
                                    value.push(ch);
                                }
                            }
                        }
                        values.push(value);
                    }
                    let ident = if ident.chars().all(|c| c.is_ascii_uppercase()) {
                        ident
                    } else {
                        ident.chars().filter(|c| c.is_ascii_uppercase()).collect()
                    };
                    if !open.is_empty() {
                        if let Some(node) = s.trees.last_mut().and_then(|t| t.nodes.last_mut()) {
                            node.props.push(ScanProp {
                                ident,
                                offset: ident_at,
                                values,
                            });
                        }
                    }
                }
            }
        }
        if !open.is_empty() {
            s.tree(text.len(), "the file ends inside a game tree: expected `)`");
        }
        s
    }

    pub(super) fn lexer(&mut self, at: usize, what: &'static str) {
        self.lexer_problem.get_or_insert((at, what));
    }

    pub(super) fn tree(&mut self, at: usize, what: &'static str) {
        self.tree_problem.get_or_insert((at, what));
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub(super) fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        (line, self.text[line_start..offset].chars().count() + 1)
    }

    pub(super) fn error_at(&self, offset: usize, message: String) -> InputError {
        let (l, c) = self.line_col(offset);
        InputError::new(message).at(l, c)
    }

    /// The places of game tree `k` (0-based); an empty one past the last.
    pub(super) fn game(&self, k: usize) -> TreeScan<'_> {
        let (offset, nodes) = match self.trees.get(k) {
            Some(t) => (t.offset, t.nodes.as_slice()),
            None => (self.text.len(), &[][..]),
        };
        TreeScan {
            scan: self,
            offset,
            nodes,
        }
    }
}

/// The places of one game tree of a [`Scan`]: its nodes by their index along its main line.
pub(super) struct TreeScan<'s> {
    pub(super) scan: &'s Scan<'s>,
    /// Where its `(` is.
    pub(super) offset: usize,
    nodes: &'s [ScanNode],
}

impl TreeScan<'_> {
    pub(super) fn error_at(&self, offset: usize, message: String) -> InputError {
        self.scan.error_at(offset, message)
    }

    /// The 1-based line of its `(`.
    pub(super) fn line(&self) -> usize {
        self.scan.line_col(self.offset).0
    }

    /// The property `ident` of main-line node `node` (its first occurrence).
    pub(super) fn prop(&self, node: usize, ident: &str) -> Option<&ScanProp> {
        self.nodes
            .get(node)?
            .props
            .iter()
            .find(|p| p.ident == ident)
    }

    /// The offset of property `ident` of node `node`, else of the node, else the tree's
    /// start.
    pub(super) fn place(&self, node: usize, ident: &str) -> usize {
        self.prop(node, ident)
            .map(|p| p.offset)
            .or_else(|| self.nodes.get(node).map(|n| n.offset))
            .unwrap_or(self.offset)
    }

    /// `ID[value][value]` as written (escapes dropped), for messages.
    pub(super) fn written(&self, node: usize, ident: &str, fallback: &[String]) -> String {
        let values = self
            .prop(node, ident)
            .map(|p| p.values.as_slice())
            .unwrap_or(fallback);
        let mut out = ident.to_string();
        for v in values {
            out.push('[');
            out.push_str(v);
            out.push(']');
        }
        if values.is_empty() {
            out.push_str("[]");
        }
        out
    }
}

// ---------------------------------------------------------------------------------------
// Reading.
