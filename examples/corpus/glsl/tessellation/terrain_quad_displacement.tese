#version 450
// Terrain quad patches, evaluation stage: bilinear patch interpolation, heightmap
// displacement with explicit LOD (quads, fractional_odd_spacing, cw).
layout(quads, fractional_odd_spacing, cw) in;

layout(set = 0, binding = 0, std140) uniform Terrain {
    mat4 viewProj;
    vec4 frustumPlanes[6];
    vec2 viewportSize;
    float pixelsPerEdge;
    float maxHeight;
} terrain;
layout(set = 0, binding = 1) uniform sampler2D heightmap;

layout(location = 0) in vec2 inXZ[];
layout(location = 0) out vec3 outWorld;
layout(location = 1) out vec2 outUV;

void main() {
    vec2 a = mix(inXZ[0], inXZ[1], gl_TessCoord.x);
    vec2 b = mix(inXZ[3], inXZ[2], gl_TessCoord.x);
    vec2 xz = mix(a, b, gl_TessCoord.y);
    vec2 uv = xz / 4096.0;
    float h = textureLod(heightmap, uv, 0.0).r * terrain.maxHeight;
    outWorld = vec3(xz.x, h, xz.y);
    outUV = uv;
    gl_Position = terrain.viewProj * vec4(outWorld, 1.0);
}
