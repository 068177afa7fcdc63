// HLSL domain shader (entry point DSMain) paired with displacement_hs.tesc.hlsl:
// barycentric interpolation of the control points, displacement from a height texture.
Texture2D<float> HeightMap : register(t1);
SamplerState HeightSampler : register(s2);

cbuffer Displace : register(b3)
{
    float4x4 ViewProj;
    float Scale;
};

struct ControlPoint
{
    [[vk::location(0)]] float3 Position : POSITION;
    [[vk::location(1)]] float2 UV : TEXCOORD0;
};

struct PatchConstants
{
    float Edges[3] : SV_TessFactor;
    float Inside : SV_InsideTessFactor;
};

struct DSOutput
{
    float4 Position : SV_Position;
    [[vk::location(0)]] float2 UV : TEXCOORD0;
};

[domain("tri")]
DSOutput DSMain(PatchConstants pc, float3 bary : SV_DomainLocation, const OutputPatch<ControlPoint, 3> patch)
{
    DSOutput o;
    float3 p = patch[0].Position * bary.x + patch[1].Position * bary.y + patch[2].Position * bary.z;
    float2 uv = patch[0].UV * bary.x + patch[1].UV * bary.y + patch[2].UV * bary.z;
    p.y += HeightMap.SampleLevel(HeightSampler, uv, 0) * Scale;
    o.Position = mul(ViewProj, float4(p, 1.0));
    o.UV = uv;
    return o;
}
