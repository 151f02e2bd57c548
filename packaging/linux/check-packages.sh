#!/usr/bin/env bash
# Checks the Linux packages CPack built as a distribution would before accepting them:
#   packaging/linux/check-packages.sh PACKAGES_DIR
# lintian (errors and warnings fail; overrides only with a written reason), rpmlint (errors
# fail), desktop-file-validate, appstreamcli and appstream-util, and what the packages must
# hold: binaries stripped and hardened, the private library and plugins, man pages with every
# valis-cli command, shell completions, icons, the copyright file naming each bundled library,
# and the dependencies dpkg-shlibdeps cannot see.
# Exit status 77 means a checker is missing (for CTest's SKIP).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
packages="${1:?usage: check-packages.sh PACKAGES_DIR}"
failures=0

log() { printf '\033[1m-- %s\033[0m\n' "$*" >&2; }
problem() { printf 'check-packages: FAIL: %s\n' "$*" >&2; failures=$((failures + 1)); }
for tool in lintian rpmlint rpm dpkg-deb desktop-file-validate appstreamcli appstream-util readelf groff; do
    command -v "$tool" >/dev/null 2>&1 \
        || { printf 'check-packages: %s is missing (scripts/dev.sh setup installs it)\n' "$tool" >&2; exit 77; }
done

shopt -s nullglob
debs=("$packages"/valis_*.deb)
rpms=("$packages"/valis-*.rpm)
[ "${#debs[@]}" -eq 1 ] || { printf 'check-packages: expected one valis .deb in %s, found %s\n' "$packages" "${#debs[@]}" >&2; exit 1; }
[ "${#rpms[@]}" -eq 1 ] || { printf 'check-packages: expected one valis .rpm in %s, found %s\n' "$packages" "${#rpms[@]}" >&2; exit 1; }
deb="${debs[0]}" rpm_file="${rpms[0]}"

work="$(mktemp -d "${TMPDIR:-/tmp}/valis-check-packages.XXXXXX")"
trap 'rm -rf "$work"' EXIT
dpkg-deb -x "$deb" "$work/deb"

log "lintian $(basename "$deb")"
if ! lintian --fail-on error,warning --display-info --tag-display-limit 0 "$deb" >"$work/lintian.txt" 2>&1; then
    cat "$work/lintian.txt" >&2
    problem "lintian reports errors or warnings"
else
    sed 's/^/   /' "$work/lintian.txt" >&2
fi

log "rpmlint $(basename "$rpm_file")"
# rpmlint's settings and filters live in rpmlint.toml, each filter with the reason it is accepted.
rpmlint_status=0
rpmlint --config "$here/rpmlint.toml" "$rpm_file" >"$work/rpmlint.txt" 2>&1 || rpmlint_status=$?
sed 's/^/   /' "$work/rpmlint.txt" >&2
if grep -qE '^[^ ]+: E: ' "$work/rpmlint.txt" || ! grep -qE ' 0 errors' "$work/rpmlint.txt"; then
    problem "rpmlint reports errors (exit status $rpmlint_status)"
fi

log "desktop entry and AppStream metadata, as installed"
desktop_file="$work/deb/usr/share/applications/org.valis.Valis.desktop"
metainfo="$work/deb/usr/share/metainfo/org.valis.Valis.metainfo.xml"
desktop-file-validate "$desktop_file" || problem "desktop-file-validate rejects the desktop entry"
appstreamcli validate --no-net --explain "$metainfo" || problem "appstreamcli rejects the metainfo"
appstream-util validate-relax --nonet "$metainfo" || problem "appstream-util rejects the metainfo"

log "what the .deb holds"
required=(
    usr/bin/valis usr/bin/valis-cli
    usr/share/applications/org.valis.Valis.desktop usr/share/metainfo/org.valis.Valis.metainfo.xml
    usr/share/icons/hicolor/scalable/apps/org.valis.Valis.svg
    usr/share/man/man1/valis.1.gz usr/share/man/man1/valis-cli.1.gz
    usr/share/bash-completion/completions/valis-cli usr/share/zsh/vendor-completions/_valis-cli
    usr/share/fish/vendor_completions.d/valis-cli.fish
    usr/share/doc/valis/copyright usr/share/doc/valis/changelog.gz
)
for size in 16 22 24 32 48 64 128 256 512; do
    required+=("usr/share/icons/hicolor/${size}x${size}/apps/org.valis.Valis.png")
done
for path in "${required[@]}"; do
    [ -s "$work/deb/$path" ] || problem "the .deb lacks /$path"
done
harness_lib=("$work"/deb/usr/lib/valis/libvalis-harness.so.*)
[ "${#harness_lib[@]}" -ge 1 ] || problem "the .deb lacks /usr/lib/valis/libvalis-harness.so.*"
plugins=("$work"/deb/usr/lib/valis/plugins/*.so)
[ "${#plugins[@]}" -ge 1 ] || problem "the .deb has no plugins in /usr/lib/valis/plugins"
for size in 16 48 256; do
    png="$work/deb/usr/share/icons/hicolor/${size}x${size}/apps/org.valis.Valis.png"
    if [ -f "$png" ] && ! grep -q "PNG image data, $size x $size" <<<"$(file -b "$png")"; then
        problem "$png is not a ${size}x${size} PNG: $(file -b "$png")"
    fi
done

log "dependencies dpkg-shlibdeps cannot see"
depends="$(dpkg-deb -f "$deb" Depends)"
recommends="$(dpkg-deb -f "$deb" Recommends)"
printf '   Depends: %s\n   Recommends: %s\n' "$depends" "$recommends" >&2
for package in libqt6sql6-sqlite libqt6webenginecore6-bin bubblewrap libqt6webenginewidgets6 libqt6core6; do
    grep -qE "(^|, )$package( |,|$)" <<<"$depends" || problem "Depends lacks $package"
done
for package in libqt6sql6-psql gnome-keyring qt6-translations-l10n; do
    grep -q "$package" <<<"$recommends" || problem "Recommends lacks $package"
done

log "binaries: stripped, PIE, RELRO, BIND_NOW, stack protector, fortified"
elves=("$work/deb/usr/bin/valis" "$work/deb/usr/bin/valis-cli" "${harness_lib[@]}" "${plugins[@]}")
# Output is read into variables first: `readelf | grep -q` under pipefail fails when grep stops
# reading early.
for elf in "${elves[@]}"; do
    name="${elf#"$work/deb"}"
    [ -L "$elf" ] && continue
    sections="$(readelf -S -W "$elf")" segments="$(readelf -l -W "$elf")" dynamic="$(readelf -d -W "$elf")"
    grep -q '\.symtab' <<<"$sections" && problem "$name is not stripped"
    grep -q 'GNU_RELRO' <<<"$segments" || problem "$name has no RELRO segment"
    grep -qE 'BIND_NOW|FLAGS.*NOW' <<<"$dynamic" || problem "$name is not linked with -z now"
done
for exe in "$work/deb/usr/bin/valis" "$work/deb/usr/bin/valis-cli"; do
    grep -q 'Type: *DYN' <<<"$(readelf -h "$exe")" || problem "${exe#"$work/deb"} is not position independent"
done
harness_symbols="$(readelf --dyn-syms -W "${harness_lib[0]}")"
grep -q '__stack_chk_fail' <<<"$harness_symbols" || problem "libvalis-harness has no stack protector"
grep -qE '__[a-z]+_chk@' <<<"$harness_symbols" \
    || problem "libvalis-harness calls no fortified functions (_FORTIFY_SOURCE missing)"
runpath="$(readelf -d "$work/deb/usr/bin/valis" | sed -n 's/.*R\(UN\)\{0,1\}PATH.*\[\(.*\)\]/\2/p')"
# shellcheck disable=SC2016 # the literal $ORIGIN the linker expands, not a shell variable
[ "$runpath" = '$ORIGIN/../lib/valis' ] || problem "valis's RUNPATH is \"$runpath\", not \$ORIGIN/../lib/valis"

log "man pages render without warnings and list every valis-cli command"
for page in valis valis-cli; do
    if ! zcat "$work/deb/usr/share/man/man1/$page.1.gz" | groff -man -Tutf8 -ww -z 2>"$work/groff.txt" || [ -s "$work/groff.txt" ]; then
        cat "$work/groff.txt" >&2
        problem "$page.1 does not render cleanly"
    fi
done
cli_page="$(zcat "$work/deb/usr/share/man/man1/valis-cli.1.gz")"
cli_help="$(env -i LANG=C.UTF-8 LD_LIBRARY_PATH="$work/deb/usr/lib/valis" "$work/deb/usr/bin/valis-cli" --help 2>&1 || true)"
command_count=0
while read -r command; do
    command_count=$((command_count + 1))
    grep -q "^\.SS $command\$" <<<"$cli_page" \
        || problem "valis-cli.1 has no section for the command \"$command\""
done < <(sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p' <<<"$cli_help")
[ "$command_count" -ge 5 ] || problem "the packaged valis-cli --help lists $command_count commands: $cli_help"
grep -q '^\.SS "mcp add"$' <<<"$cli_page" || problem "valis-cli.1 has no section for the subcommand \"mcp add\""
grep -q 'manpage-home' <<<"$cli_page" && problem "valis-cli.1 names the build's throwaway profile instead of ~"
grep -q -- '--json' <<<"$cli_page" \
    || problem "valis-cli.1 does not include the commands' options"

log "copyright names every library compiled into the app"
copyright="$work/deb/usr/share/doc/valis/copyright"
grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' "$copyright" \
    || problem "copyright is not in the DEP-5 format"
for library in markdown-it entities linkify-it mdurl punycode.js uc.micro dompurify @highlightjs/cdn-assets gpt-tokenizer; do
    grep -q "^Files: node_modules/$library/\*" "$copyright" || problem "copyright does not list $library"
done
grep -Eq '^Comment: DOMPurify [0-9]+\.[0-9]+\.[0-9]+' "$copyright" || problem "copyright does not give DOMPurify's version"

log "the .rpm holds the same and requires what the app needs"
rpm -qpl "$rpm_file" >"$work/rpm-files.txt" 2>/dev/null
for path in /usr/bin/valis /usr/bin/valis-cli /usr/share/man/man1/valis-cli.1.gz /usr/share/applications/org.valis.Valis.desktop; do
    grep -qx "$path" "$work/rpm-files.txt" || problem "the .rpm lacks $path"
done
grep -q '^/usr/lib/valis/plugins/.*\.so$' "$work/rpm-files.txt" || problem "the .rpm has no plugins"
grep -qxE '/usr/(share|bin|lib)' "$work/rpm-files.txt" && problem "the .rpm claims a folder the system owns"
rpm -qpR "$rpm_file" >"$work/rpm-requires.txt" 2>/dev/null
for requirement in bubblewrap 'libQt6WebEngineCore.so.6()(64bit)' 'libQt6Sql.so.6()(64bit)'; do
    grep -qF "$requirement" "$work/rpm-requires.txt" || problem "the .rpm does not require $requirement"
done
if grep -q 'libvalis-harness' "$work/rpm-requires.txt" \
        && ! grep -q 'libvalis-harness' <<<"$(rpm -qp --provides "$rpm_file" 2>/dev/null)"; then
    problem "the .rpm requires libvalis-harness but does not provide it"
fi

if [ "$failures" -gt 0 ]; then
    printf 'check-packages: %d problems\n' "$failures" >&2
    exit 1
fi
log "$(basename "$deb") and $(basename "$rpm_file") pass"
