//! A GTP controller: starts an external engine as a child process and exchanges commands and
//! responses with it (GTP 2.4 ... 2.6). Every failure to talk (the program does not start,
//! exits, answers out of protocol, or is silent past the timeout) is a `ProtocolError`.

use crate::parse::gtp::{parse_response, Response};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

/// The engine cannot be talked to.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ProtocolError(pub String);

/// An external GTP engine.
pub struct Client {
    program: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
    next_id: u64,
    /// Commands sent so far.
    pub sent: u64,
}

impl Client {
    /// Start `argv[0]` with the rest as arguments; `timeout` bounds each response.
    pub fn start(argv: &[String], timeout: Duration) -> Result<Client, ProtocolError> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| ProtocolError("no engine command given (after `--`)".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| ProtocolError(format!("cannot start `{program}`: {e}")))?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| ProtocolError("no stdin".into()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| ProtocolError("no stdout".into()))?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Client {
            program: argv.join(" "),
            child,
            stdin,
            lines: rx,
            timeout,
            next_id: 1,
            sent: 0,
        })
    }

    /// The command line the engine was started with.
    pub fn program(&self) -> &str {
        &self.program
    }

    /// Send one command (name and arguments) and read its response.
    pub fn send(&mut self, command: &str) -> Result<Response, ProtocolError> {
        let id = self.next_id;
        self.next_id += 1;
        self.sent += 1;
        writeln!(self.stdin, "{id} {command}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| ProtocolError(format!("`{command}`: cannot write to the engine: {e}")))?;
        let mut lines = Vec::new();
        loop {
            match self.lines.recv_timeout(self.timeout) {
                Ok(line) => {
                    let line = line.trim_end_matches('\r').to_string();
                    if line.trim().is_empty() {
                        if lines.is_empty() {
                            continue;
                        }
                        break;
                    }
                    if lines.is_empty() && !line.starts_with(['=', '?']) {
                        // Not a response: say so now rather than wait for its end.
                        return Err(ProtocolError(format!(
                            "`{command}`: a response must start with `=` or `?`, got `{}`",
                            line.chars().take(60).collect::<String>()
                        )));
                    }
                    lines.push(line);
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ProtocolError(format!(
                        "`{command}`: no complete response within {} s",
                        self.timeout.as_secs_f64()
                    )))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(ProtocolError(format!(
                        "`{command}`: the engine closed its output{}",
                        if lines.is_empty() {
                            ""
                        } else {
                            " in the middle of a response"
                        }
                    )))
                }
            }
        }
        let r = parse_response(&lines).map_err(|e| ProtocolError(format!("`{command}`: {e}")))?;
        if r.id.is_some_and(|got| got != id) {
            return Err(ProtocolError(format!(
                "`{command}`: the response has id {} instead of {id}",
                r.id.unwrap_or(0)
            )));
        }
        Ok(r)
    }

    /// Send a command that must succeed; its text.
    pub fn expect_ok(&mut self, command: &str) -> Result<String, ProtocolError> {
        let r = self.send(command)?;
        if r.ok {
            Ok(r.text)
        } else {
            Err(ProtocolError(format!("`{command}` failed: ? {}", r.text)))
        }
    }

    /// Ask the engine to quit and wait a moment for it; kill it otherwise.
    pub fn quit(mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|_| self.stdin.flush());
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
