#version 450
// debugPrintfEXT (GL_EXT_debug_printf): emits NonSemantic.DebugPrintf extended
// instructions, consumed by the validation layers' printf feature.
#extension GL_EXT_debug_printf : require

layout(local_size_x = 32) in;

layout(set = 0, binding = 0, std430) buffer Data { vec4 values[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    vec4 v = values[i];
    if (any(isnan(v)) || any(isinf(v))) {
        debugPrintfEXT("invocation %u: bad value %v4f", i, v);
        values[i] = vec4(0.0);
    }
    if (i == 0u) {
        debugPrintfEXT("dispatch of %u groups", gl_NumWorkGroups.x);
    }
}
