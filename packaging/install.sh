#!/bin/sh
# One More Card: put the program in your menu, for you alone (no root needed).
#
#   ./install.sh              copy the program under ~/.local and add its menu entry and icons
#   ./install.sh --uninstall  remove all of that again (your settings and saves stay)
#
# Where things go (XDG_DATA_HOME overrides ~/.local/share; the game keeps settings and saves
# in ~/.local/share/OneMoreCard and ~/.config/OneMoreCard, which this never touches):
#   ~/.local/lib/one-more-card/              the program (a copy of the OneMoreCard folder)
#   ~/.local/bin/OneMoreCard                 a link to it, for the terminal
#   ~/.local/share/applications/one-more-card.desktop
#   ~/.local/share/icons/hicolor/NxN/apps/one-more-card.png
#   ~/.local/share/metainfo/one-more-card.metainfo.xml
set -eu

APP=one-more-card
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
BIN=$HOME/.local/bin
PROGRAM=$HOME/.local/lib/$APP
DESKTOP=$DATA/applications/$APP.desktop
METAINFO=$DATA/metainfo/$APP.metainfo.xml
SIZES="16 24 32 48 64 128 256 512"

refresh() {
    # The menus and icon caches notice new entries by themselves on most desktops; these
    # tools, where installed, make it immediate.
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$DATA/applications" 2>/dev/null || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -t "$DATA/icons/hicolor" 2>/dev/null || true
    fi
}

uninstall() {
    rm -rf "$PROGRAM"
    rm -f "$DESKTOP" "$METAINFO"
    for size in $SIZES; do
        rm -f "$DATA/icons/hicolor/${size}x${size}/apps/$APP.png"
    done
    # The terminal link only if it is ours (points into the program folder).
    if [ -L "$BIN/OneMoreCard" ] && [ "$(readlink "$BIN/OneMoreCard")" = "$PROGRAM/OneMoreCard" ]; then
        rm -f "$BIN/OneMoreCard"
    fi
    refresh
    echo "One More Card is uninstalled (settings and saves are kept)."
}

install() {
    if [ ! -x "$HERE/OneMoreCard/OneMoreCard" ]; then
        echo "install.sh: no OneMoreCard/OneMoreCard beside this script; run it from the unpacked release folder" >&2
        exit 1
    fi
    mkdir -p "$DATA/applications" "$DATA/metainfo" "$BIN" "$(dirname "$PROGRAM")"
    # A fresh copy: files of an older version must not stay beside the new ones.
    rm -rf "$PROGRAM.new"
    cp -R "$HERE/OneMoreCard" "$PROGRAM.new"
    rm -rf "$PROGRAM"
    mv "$PROGRAM.new" "$PROGRAM"
    for size in $SIZES; do
        mkdir -p "$DATA/icons/hicolor/${size}x${size}/apps"
        cp "$HERE/icons/${size}x${size}/$APP.png" "$DATA/icons/hicolor/${size}x${size}/apps/$APP.png"
    done
    # The entry starts the copy by its full path, quoted and escaped as the desktop entry
    # format asks (the path may hold spaces, quotes, dollars or percent signs).
    exec_path=$(printf '%s' "$PROGRAM/OneMoreCard" | sed -e 's/[\\"`$]/\\&/g' -e 's/%/%%/g')
    while IFS= read -r line; do
        case "$line" in
            Exec=*) printf 'Exec="%s"\n' "$exec_path" ;;
            *) printf '%s\n' "$line" ;;
        esac
    done < "$HERE/$APP.desktop" > "$DESKTOP"
    cp "$HERE/$APP.metainfo.xml" "$METAINFO"
    ln -sfn "$PROGRAM/OneMoreCard" "$BIN/OneMoreCard"
    refresh
    echo "One More Card is installed: find it in your menu, or run $BIN/OneMoreCard"
}

case "${1:-}" in
    "") install ;;
    --uninstall) uninstall ;;
    -h | --help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) echo "install.sh: unknown option $1 (use --uninstall or --help)" >&2; exit 2 ;;
esac
