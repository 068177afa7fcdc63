#version 460
// Descriptor indexing: runtime-sized, non-uniformly indexed arrays of textures and buffers
// (GL_EXT_nonuniform_qualifier).
#extension GL_EXT_nonuniform_qualifier : require
layout(location = 0) in vec2 uv;
layout(location = 1) flat in uint materialId;
layout(location = 0) out vec4 color;
layout(set = 0, binding = 0) uniform texture2D textures[];
layout(set = 0, binding = 1) uniform sampler linearSampler;
layout(set = 0, binding = 2, std430) readonly buffer Materials { vec4 tint; uint texture; } materials[];
layout(set = 0, binding = 3, rgba8) uniform image2D decals[];
void main() {
  uint t = materials[nonuniformEXT(materialId)].texture;
  vec4 base = texture(nonuniformEXT(sampler2D(textures[t], linearSampler)), uv);
  vec4 decal = imageLoad(decals[nonuniformEXT(materialId)], ivec2(uv * 64.0));
  color = base * materials[nonuniformEXT(materialId)].tint + decal;
}
