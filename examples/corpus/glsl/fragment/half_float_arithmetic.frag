#version 450
// Mobile-style lighting in 16-bit float arithmetic (Float16) with mediump-like precision,
// converting only at the texture boundary.
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(set = 0, binding = 0) uniform sampler2D albedo;
layout(location = 0) in vec3 inNormal;
layout(location = 1) in vec2 inUV;
layout(location = 2) in vec3 inLightDir;
layout(location = 0) out vec4 outColor;

void main() {
    f16vec3 n = f16vec3(normalize(inNormal));
    f16vec3 l = f16vec3(normalize(inLightDir));
    f16vec4 base = f16vec4(texture(albedo, inUV));
    float16_t ndl = max(dot(n, l), float16_t(0.0));
    float16_t wrap = (ndl + float16_t(0.25)) / float16_t(1.25);
    f16vec3 c = base.rgb * (float16_t(0.1) + wrap);
    outColor = vec4(c, base.a);
}
