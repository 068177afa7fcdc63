#version 450
// Matches location_component_packing.vert: inputs sharing locations via component.
layout(location = 0, component = 0) in vec2 inUV0;
layout(location = 0, component = 2) in vec2 inUV1;
layout(location = 1, component = 0) in float inFog;
layout(location = 1, component = 1) in vec3 inTint;
layout(location = 2) in vec4 inExtra[2];
layout(location = 4, component = 3) in float inAlpha;

layout(set = 0, binding = 0) uniform sampler2D detail;
layout(set = 0, binding = 1) uniform sampler2D lightmap;

layout(location = 0) out vec4 outColor;

void main() {
    vec3 c = texture(detail, inUV0).rgb * texture(lightmap, inUV1).rgb * inTint;
    c += inExtra[0].rgb * 0.1 + inExtra[1].xyz * 0.0;
    outColor = vec4(mix(c, vec3(0.6, 0.7, 0.8), inFog), inAlpha);
}
