#version 450
// Separate images and samplers combined at the use site (OpSampledImage), the HLSL-style
// binding model: one sampler reused across several textures.
layout(set = 0, binding = 0) uniform texture2D albedoTex;
layout(set = 0, binding = 1) uniform texture2D roughnessTex;
layout(set = 0, binding = 2) uniform textureCube envTex;
layout(set = 0, binding = 3) uniform sampler linearRepeat;
layout(set = 0, binding = 4) uniform sampler linearClamp;

layout(location = 0) in vec2 inUV;
layout(location = 1) in vec3 inReflect;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 albedo = texture(sampler2D(albedoTex, linearRepeat), inUV).rgb;
    float rough = texture(sampler2D(roughnessTex, linearRepeat), inUV).r;
    vec3 env = textureLod(samplerCube(envTex, linearClamp), inReflect, rough * 5.0).rgb;
    ivec2 size = textureSize(sampler2D(albedoTex, linearRepeat), 0);
    outColor = vec4(mix(albedo, env, 0.25) + float(size.x) * 0.0, 1.0);
}
