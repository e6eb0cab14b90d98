#!/usr/bin/env bash
# Rebuilds the PNG icons and the share image from their SVG sources. The PNGs
# are committed (they change only when the artwork does), so neither the build
# nor CI needs this. Needs: apt-get install -y librsvg2-bin optipng
set -euo pipefail
cd "$(dirname "$0")/.."
src=client/icon-sources
out=client/assets
rsvg-convert -w 32 -h 32 "$out/icons/favicon.svg" -o "$out/icons/favicon-32.png"
# Full-bleed navy square: no transparency, safe for iOS and maskable icons.
rsvg-convert -w 180 -h 180 "$src/icon-maskable.svg" -o "$out/icons/apple-touch-icon.png"
rsvg-convert -w 192 -h 192 "$src/icon-maskable.svg" -o "$out/icons/icon-192.png"
rsvg-convert -w 512 -h 512 "$src/icon-maskable.svg" -o "$out/icons/icon-512.png"
# 1200 × 630 for Open Graph and Twitter cards; no brand name, which is configurable.
rsvg-convert -w 1200 -h 630 "$src/share.svg" -o "$out/share.png"
optipng -quiet -o5 "$out/icons/"*.png "$out/share.png"
