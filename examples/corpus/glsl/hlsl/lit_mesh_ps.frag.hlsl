// HLSL pixel shader (entry point PSMain): separate Texture2D and SamplerState objects,
// Blinn-Phong with a point light, clip() for alpha test.
Texture2D<float4> AlbedoTex : register(t0, space1);
SamplerState LinearSampler : register(s1, space1);

cbuffer Light : register(b2, space0)
{
    float3 LightPos;
    float LightRange;
    float3 LightColor;
    float Shininess;
    float3 EyePos;
    float AlphaCutoff;
};

struct PSInput
{
    float4 Position : SV_Position;
    [[vk::location(0)]] float3 WorldPos : TEXCOORD0;
    [[vk::location(1)]] float3 Normal : NORMAL;
    [[vk::location(2)]] float2 UV : TEXCOORD1;
    [[vk::location(3)]] float4 Tint : COLOR0;
};

float4 PSMain(PSInput input) : SV_Target0
{
    float4 albedo = AlbedoTex.Sample(LinearSampler, input.UV) * input.Tint;
    clip(albedo.a - AlphaCutoff);
    float3 n = normalize(input.Normal);
    float3 toLight = LightPos - input.WorldPos;
    float dist = length(toLight);
    float3 l = toLight / dist;
    float3 v = normalize(EyePos - input.WorldPos);
    float3 h = normalize(l + v);
    float atten = saturate(1.0 - dist / LightRange);
    float3 diffuse = albedo.rgb * saturate(dot(n, l));
    float3 specular = pow(saturate(dot(n, h)), Shininess);
    return float4((diffuse + specular) * LightColor * atten + albedo.rgb * 0.05, albedo.a);
}
