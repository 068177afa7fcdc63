// HLSL geometry shader (entry point GSMain): expands points into camera-facing quads,
// [maxvertexcount], TriangleStream<T> with RestartStrip.
cbuffer Camera : register(b0)
{
    float4x4 ViewProj;
    float3 CameraRight;
    float Pad0;
    float3 CameraUp;
    float Pad1;
};

struct GSInput
{
    [[vk::location(0)]] float3 Center : POSITION;
    [[vk::location(1)]] float Size : PSIZE;
    [[vk::location(2)]] float4 Color : COLOR0;
};

struct GSOutput
{
    float4 Position : SV_Position;
    [[vk::location(0)]] float2 UV : TEXCOORD0;
    [[vk::location(1)]] float4 Color : COLOR0;
};

[maxvertexcount(4)]
void GSMain(point GSInput input[1], inout TriangleStream<GSOutput> stream)
{
    const float2 corners[4] = { float2(-1, -1), float2(1, -1), float2(-1, 1), float2(1, 1) };
    [unroll]
    for (int i = 0; i < 4; ++i)
    {
        GSOutput o;
        float3 p = input[0].Center + (CameraRight * corners[i].x + CameraUp * corners[i].y) * input[0].Size;
        o.Position = mul(ViewProj, float4(p, 1.0));
        o.UV = corners[i] * 0.5 + 0.5;
        o.Color = input[0].Color;
        stream.Append(o);
    }
    stream.RestartStrip();
}
