// HLSL vertex shader (entry point VSMain): constant buffers, semantics mapped to locations,
// SV_Position output, row-major matrices as HLSL defaults them.
cbuffer Frame : register(b0, space0)
{
    float4x4 ViewProj;
    float3 CameraPos;
    float Time;
};

cbuffer Object : register(b1, space1)
{
    float4x4 World;
    float4 Tint;
};

struct VSInput
{
    [[vk::location(0)]] float3 Position : POSITION;
    [[vk::location(1)]] float3 Normal : NORMAL;
    [[vk::location(2)]] float2 UV : TEXCOORD0;
};

struct VSOutput
{
    float4 Position : SV_Position;
    [[vk::location(0)]] float3 WorldPos : TEXCOORD0;
    [[vk::location(1)]] float3 Normal : NORMAL;
    [[vk::location(2)]] float2 UV : TEXCOORD1;
    [[vk::location(3)]] float4 Tint : COLOR0;
};

VSOutput VSMain(VSInput input)
{
    VSOutput o;
    float4 world = mul(World, float4(input.Position, 1.0));
    o.WorldPos = world.xyz;
    o.Position = mul(ViewProj, world);
    o.Normal = normalize(mul((float3x3)World, input.Normal));
    o.UV = input.UV;
    o.Tint = Tint;
    return o;
}
