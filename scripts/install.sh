#!/bin/sh
# Installs or uninstalls flyfun (called by `make install` / `make uninstall`).
#
#   scripts/install.sh install    BIN=path/to/flyfun PREFIX=/usr/local [DESTDIR=/staging]
#   scripts/install.sh uninstall  PREFIX=/usr/local [DESTDIR=/staging]
#
# Layout under $DESTDIR$PREFIX:
#   bin/flyfun                                   the program
#   share/flyfun/{ToolCatalog,prompts,Data}/     what it reads at run time (found as ../share/flyfun)
#   share/flyfun/BUILD_INFO                      commit and date, shown by `flyfun --version`
#   share/flyfun/INSTALLED_FILES                 every file written here, so uninstall removes only those
#   share/man/man1/flyfun.1                      the man page
#   share/bash-completion/completions/flyfun, share/zsh/site-functions/_flyfun,
#   share/fish/vendor_completions.d/flyfun.fish  shell completions
set -eu

action=${1:-}
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
case "$PREFIX" in
    /*) ;;
    *) echo "install.sh: PREFIX must be an absolute path, not '$PREFIX'" >&2; exit 64 ;;
esac
root="$DESTDIR$PREFIX"
share="$root/share/flyfun"
manifest="$share/INSTALLED_FILES"
here=$(cd "$(dirname "$0")/.." && pwd)

# The files of the install, relative to $root; uninstall accepts nothing else from the manifest.
# Folders the install created are listed as "dir <path>" and removed only when empty.
is_ours() {
    case "$1" in
        *..* | /* | "") return 1 ;;
        bin/flyfun | share/man/man1/flyfun.1 | share/bash-completion/completions/flyfun | \
        share/zsh/site-functions/_flyfun | share/fish/vendor_completions.d/flyfun.fish | share/flyfun/*) return 0 ;;
        *) return 1 ;;
    esac
}

# The folders an install may create (and so record for removal when empty).
is_our_dir() {
    case "$1" in
        *..* | /* | "") return 1 ;;
        . | bin | share | share/man | share/man/man1 | share/bash-completion | share/bash-completion/completions | share/zsh | \
        share/zsh/site-functions | share/fish | share/fish/vendor_completions.d | share/flyfun | share/flyfun/*) return 0 ;;
        *) return 1 ;;
    esac
}

# Creates the folder $root/$1 and its missing parents, recording each one it made.
make_dir() {
    [ -d "$root/$1" ] && return 0
    [ "$1" = . ] || make_dir "$(dirname "$1")"
    mkdir "$root/$1"
    echo "dir $1" >> "$list"
}

# Writes stdin to $root/$1 with mode $2 through a temporary file and a rename, and records it.
put() {
    target="$root/$1"
    dir=$(dirname "$target")
    make_dir "$(dirname "$1")"
    if [ -L "$target" ]; then echo "install.sh: $target is a symbolic link; not replacing it" >&2; exit 1; fi
    tmp=$(mktemp "$dir/.flyfun-install.XXXXXX")
    cat > "$tmp"
    chmod "$2" "$tmp"
    mv -f "$tmp" "$target"
    echo "$1" >> "$list"
}

case "$action" in
install)
    BIN=${BIN:-"$here/.build/release/flyfun"}
    [ -x "$BIN" ] || { echo "install.sh: no built binary at $BIN (run make build)" >&2; exit 1; }
    list=$(mktemp)
    trap 'rm -f "$list"' EXIT
    # A PREFIX that did not exist is ours too (recorded as "dir ."); its parents are not.
    if [ ! -d "$root" ]; then mkdir -p "$root"; echo "dir ." >> "$list"; fi
    put bin/flyfun 0755 < "$BIN"
    (cd "$here" && find ToolCatalog prompts Data -type f ! -name '.*' | LC_ALL=C sort) | while IFS= read -r f; do
        put "share/flyfun/$f" 0644 < "$here/$f"
    done
    commit=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)
    if [ -n "$(git -C "$here" status --porcelain --untracked-files=no 2>/dev/null)" ]; then commit="$commit-modified"; fi
    printf 'commit=%s\ninstalled=%s\n' "$commit" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" | put share/flyfun/BUILD_INFO 0644
    # The man page and completions come from the installed binary itself: the same tables as --help.
    "$root/bin/flyfun" manpage | put share/man/man1/flyfun.1 0644
    "$root/bin/flyfun" completion bash | put share/bash-completion/completions/flyfun 0644
    "$root/bin/flyfun" completion zsh | put share/zsh/site-functions/_flyfun 0644
    "$root/bin/flyfun" completion fish | put share/fish/vendor_completions.d/flyfun.fish 0644
    # A reinstall keeps the folders the first install created on the list.
    if [ -f "$manifest" ]; then grep '^dir ' "$manifest" >> "$list" || true; fi
    echo share/flyfun/INSTALLED_FILES >> "$list"
    put share/flyfun/INSTALLED_FILES 0644 < "$list"
    echo "Installed flyfun in $root ($(wc -l < "$manifest") files); the database is built in ~/.cache/flyfun on first use."
    ;;
uninstall)
    [ -f "$manifest" ] || { echo "install.sh: nothing to uninstall: $manifest does not exist" >&2; exit 1; }
    dirs=""
    while IFS= read -r f; do
        case "$f" in
            "dir "*) d=${f#dir }
                     if is_our_dir "$d"; then dirs="$d
$dirs"; fi
                     continue ;;
        esac
        if ! is_ours "$f"; then echo "install.sh: skipping '$f' (not a path flyfun installs)" >&2; continue; fi
        [ "$f" = share/flyfun/INSTALLED_FILES ] && continue
        rm -f "$root/$f"
    done < "$manifest"
    rm -f "$manifest"
    # Folders the install created, deepest first, and only when empty: anything else put there stays.
    printf '%s\n' "$dirs" | awk 'NF' | awk '{ print length($0) " " $0 }' | sort -rn | cut -d' ' -f2- | while IFS= read -r d; do
        if [ "$d" = . ]; then rmdir "$root" 2>/dev/null || true; else rmdir "$root/$d" 2>/dev/null || true; fi
    done
    echo "Uninstalled flyfun from $root (the database cache ~/.cache/flyfun and your data in ~/.local/share/flyfun are kept)."
    ;;
*)
    echo "usage: scripts/install.sh install|uninstall (PREFIX, DESTDIR, BIN from the environment)" >&2
    exit 64
    ;;
esac
