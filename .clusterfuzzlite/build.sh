#!/bin/bash -eu
# Builds every cargo-fuzz target of fuzz/ and puts it, with its seed corpus, into $OUT.
#
# In the ClusterFuzzLite / OSS-Fuzz image (.clusterfuzzlite/Dockerfile) the `compile` script
# runs this with $SRC, $OUT, $WORK, $SANITIZER and RUSTFLAGS set; cargo-fuzz builds with its
# default sanitizer (address), and for SANITIZER=coverage the image's `cargo` wrapper turns
# `cargo fuzz build` into an instrumented `cargo build` into the same directory.
#
# Locally (no image, stable toolchain) set SRC, OUT and WORK yourself; without $SANITIZER the
# targets are built with `-s none`:
#   SRC=/tmp/src OUT=/tmp/out WORK=/tmp/work GO_ORACLE_DIR=$PWD bash .clusterfuzzlite/build.sh
# Extra cargo-fuzz flags can be given in $CARGO_FUZZ_FLAGS (e.g. "--features ...").
set -euo pipefail

project="${GO_ORACLE_DIR:-$SRC/go-oracle}"
work="${WORK:-$(mktemp -d)}"
mkdir -p "$OUT" "$work"
OUT="$(cd "$OUT" && pwd)"

sanitizer_args=()
if [ "${SANITIZER:-none}" = "none" ]; then
  sanitizer_args=(-s none)
fi

cd "$project/fuzz"
# -O with --debug-assertions (and overflow checks): the configuration `cargo fuzz run` uses.
# shellcheck disable=SC2086 # CARGO_FUZZ_FLAGS is a list of flags
cargo fuzz build -O --debug-assertions "${sanitizer_args[@]}" ${CARGO_FUZZ_FLAGS:-}

# Target names and the target directory from cargo itself (not `cargo fuzz list`, which the
# image's coverage wrapper would turn into a build), so CARGO_TARGET_DIR is honoured too.
metadata="$(cargo metadata --format-version 1 --no-deps)"
target_dir="$(jq -r '.target_directory' <<<"$metadata")"
host="$(rustc -vV | sed -n 's/^host: //p')"
bin_dir="$target_dir/$host/release"
mapfile -t targets < <(jq -r '.packages[] | select(.name == "go-oracle-fuzz")
  | .targets[] | select(.kind | index("bin")) | .name' <<<"$metadata")
if [ "${#targets[@]}" -eq 0 ]; then
  echo "no fuzz targets found in $project/fuzz/Cargo.toml" >&2
  exit 1
fi

for target in "${targets[@]}"; do
  cp "$bin_dir/$target" "$OUT/$target"

  # Seed corpus: committed findings (fuzz/regressions/<target>/) and, for the case loader,
  # every case file of oracle-cases/ (flattened: oracle-cases/a/b.yaml -> oracle-cases_a_b.yaml);
  # for the SGF reader, the SGF fixtures of tests/fixtures/sgf/.
  seeds="$work/seeds/$target"
  rm -rf "$seeds"
  mkdir -p "$seeds"
  if [ -d "$project/fuzz/regressions/$target" ]; then
    find "$project/fuzz/regressions/$target" -type f ! -name .gitkeep \
      -exec cp {} "$seeds/" \;
  fi
  if [ "$target" = "parse_case" ]; then
    (cd "$project" && find oracle-cases -type f -name '*.yaml' -print0) |
      while IFS= read -r -d '' case_file; do
        cp "$project/$case_file" "$seeds/$(tr / _ <<<"$case_file")"
      done
  fi
  if [ "$target" = "sgf_read_no_panic" ]; then
    find "$project/tests/fixtures/sgf" -type f -name '*.sgf' -exec cp {} "$seeds/" \;
  fi
  if [ "$target" = "gtp_referee_no_panic" ]; then
    # The GTP transcripts (their first byte picks the ruleset).
    find "$project/tests/gtp" -type f -name '*.tst' -exec cp {} "$seeds/" \;
  fi
  if [ "$target" = "sensei_read_no_panic" ]; then
    find "$project/tests/fixtures/sensei" -type f \( -name '*.txt' -o -name '*.sensei' \) -exec cp {} "$seeds/" \;
  fi
  rm -f "$OUT/${target}_seed_corpus.zip"
  if [ -n "$(ls -A "$seeds")" ]; then
    (cd "$seeds" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
done
