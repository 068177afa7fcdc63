#!/bin/sh
# Writes every case's N.<stage>.spv from its N.src.* (case.json "modules"): GLSL with shaderc
# (LWJGL 3.3.6 from ~/.m2, the version the runtime's tests use), SPIR-V assembly with the oracle's
# spirv-as. Usage: peers/vvl-pipelines/compile.sh [SPIRV_TOOLS_DIR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tools=${1:-$here/../../../shared/oracle/spirv-tools-vulkan-sdk-1.4.357.0}
m2=${M2_REPO:-$HOME/.m2/repository}/org/lwjgl
cp="$m2/lwjgl/3.3.6/lwjgl-3.3.6.jar:$m2/lwjgl/3.3.6/lwjgl-3.3.6-natives-linux.jar"
cp="$cp:$m2/lwjgl-shaderc/3.3.6/lwjgl-shaderc-3.3.6.jar:$m2/lwjgl-shaderc/3.3.6/lwjgl-shaderc-3.3.6-natives-linux.jar"
for c in "$here"/cases/*/case.json; do
  dir=$(dirname "$c")
  python3 - "$c" <<'PY' | while read -r src lang stage env out; do
import json, sys
for m in json.load(open(sys.argv[1]))["modules"]:
    print(m["src"], m["lang"], m["stage"], m["env"], m["file"])
PY
    if [ "$lang" = asm ]; then
      "$tools/spirv-as" --target-env "$env" -o "$dir/$out" "$dir/$src"
    else
      java -cp "$cp" "$here/Compile.java" "$dir/$src" "$stage" "$env" "$dir/$out"
    fi
  done
done
