#version 450
// Grid terrain displaced by a heightmap read with explicit LOD; geomorphing between LODs.
layout(set = 0, binding = 0) uniform sampler2D heightmap;

layout(set = 0, binding = 1, std140) uniform Terrain {
    mat4 viewProj;
    vec4 cameraPos;
    vec2 worldSize;
    float heightScale;
    float morphStart;
    float morphEnd;
} terrain;

layout(push_constant) uniform Patch {
    vec2 origin;
    float size;
    float lod;
} patchInfo;

layout(location = 0) in vec2 inGrid;  // 0..1 within the patch
layout(location = 0) out vec2 outUV;
layout(location = 1) out vec3 outWorld;

void main() {
    vec2 xz = patchInfo.origin + inGrid * patchInfo.size;
    float dist = distance(terrain.cameraPos.xz, xz);
    float morph = smoothstep(terrain.morphStart, terrain.morphEnd, dist);
    vec2 coarse = floor(inGrid * 16.0 * 0.5) / (16.0 * 0.5);
    xz = mix(xz, patchInfo.origin + coarse * patchInfo.size, morph);
    vec2 uv = xz / terrain.worldSize;
    float h = textureLod(heightmap, uv, patchInfo.lod).r * terrain.heightScale;
    outUV = uv;
    outWorld = vec3(xz.x, h, xz.y);
    gl_Position = terrain.viewProj * vec4(outWorld, 1.0);
}
