#version 450
// Subgroup-uniform branching in a fragment shader: subgroupAll/subgroupAny pick a cheap
// path when the whole subgroup agrees, subgroupBroadcastFirst makes an index uniform.
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require

layout(set = 0, binding = 0) uniform sampler2D lowDetail;
layout(set = 0, binding = 1) uniform sampler2D highDetail;
layout(set = 0, binding = 2) uniform sampler2D materialTextures[4];

layout(location = 0) in vec2 inUV;
layout(location = 1) in float inDistance;
layout(location = 2) flat in uint inMaterial;
layout(location = 0) out vec4 outColor;

void main() {
    bool far = inDistance > 50.0;
    vec4 c;
    if (subgroupAll(far)) {
        c = texture(lowDetail, inUV);
    } else if (!subgroupAny(far)) {
        c = texture(highDetail, inUV);
    } else {
        c = mix(texture(highDetail, inUV), texture(lowDetail, inUV), float(far));
    }
    uint m = subgroupBroadcastFirst(inMaterial);
    if (m == inMaterial) {
        c *= texture(materialTextures[m & 3u], inUV);
    }
    outColor = c;
}
