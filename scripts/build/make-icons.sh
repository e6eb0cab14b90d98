#!/usr/bin/env bash
# Regenerates the icon PNGs under client/assets from their SVG source.
# Needs: rsvg-convert (librsvg2-bin), pngquant, optipng
#   apt-get install -y librsvg2-bin pngquant optipng
# The share images are not made here: `npm run build` draws one per page
# (scripts/build/share-images.ts).
set -euo pipefail
cd "$(dirname "$0")/../client/assets"

NAVY='#0f1f33'

for tool in rsvg-convert pngquant optipng; do
  command -v "$tool" >/dev/null || { echo "missing: $tool" >&2; exit 1; }
done

# Browser tab icon: rounded square, transparent corners.
rsvg-convert -w 32 -h 32 icons/favicon.svg -o icons/favicon-32.png

# Home-screen / manifest icons: opaque full-bleed navy square (the platform
# applies its own mask; the mark sits inside the maskable safe zone).
rsvg-convert -w 180 -h 180 -b "$NAVY" icons/favicon.svg -o icons/apple-touch-icon.png
rsvg-convert -w 192 -h 192 -b "$NAVY" icons/favicon.svg -o icons/icon-192.png
rsvg-convert -w 512 -h 512 -b "$NAVY" icons/favicon.svg -o icons/icon-512.png

# Palette-quantise and optimise (metadata stripped).
for f in icons/favicon-32.png icons/apple-touch-icon.png icons/icon-192.png icons/icon-512.png; do
  pngquant --force --skip-if-larger --strip --quality 85-100 --speed 1 --output "$f" -- "$f" || true
  optipng -quiet -o5 -strip all "$f"
done

ls -l icons/*.png
