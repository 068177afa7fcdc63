#version 460
// Closest hit that takes its material entirely from the shader binding table record
// (shaderRecordEXT buffer with a device address inside, GL_EXT_buffer_reference).
#extension GL_EXT_ray_tracing : require
#extension GL_EXT_buffer_reference : require

layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer Palette { vec4 colors[]; };

layout(shaderRecordEXT, std430) buffer SBTRecord {
    Palette palette;
    uint paletteSize;
    float roughness;
} sbt;

layout(location = 0) rayPayloadInEXT vec3 color;
hitAttributeEXT vec2 bary;

void main() {
    uint i = uint(gl_PrimitiveID) % sbt.paletteSize;
    vec3 c = sbt.palette.colors[i].rgb;
    color = mix(c, vec3(bary, 1.0 - bary.x - bary.y), sbt.roughness * 0.1);
}
