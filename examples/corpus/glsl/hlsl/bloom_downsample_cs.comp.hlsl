// HLSL compute shader (entry point CSMain): 13-tap bloom downsample with a Karis average,
// SampleLevel on a Texture2D, RWTexture2D output, numthreads, groupshared memory and
// GroupMemoryBarrierWithGroupSync.
Texture2D<float4> Source : register(t0);
SamplerState LinearClamp : register(s1);
[[vk::image_format("rgba16f")]] RWTexture2D<float4> Destination : register(u2);

cbuffer Params : register(b3)
{
    float2 InvSourceSize;
    float2 InvDestSize;
    uint FirstPass;
};

groupshared float3 Tile[8][8];

float Luma(float3 c) { return dot(c, float3(0.2126, 0.7152, 0.0722)); }

float3 KarisAverage(float3 a, float3 b, float3 c, float3 d)
{
    float wa = 1.0 / (1.0 + Luma(a)), wb = 1.0 / (1.0 + Luma(b));
    float wc = 1.0 / (1.0 + Luma(c)), wd = 1.0 / (1.0 + Luma(d));
    return (a * wa + b * wb + c * wc + d * wd) / (wa + wb + wc + wd);
}

[numthreads(8, 8, 1)]
void CSMain(uint3 id : SV_DispatchThreadID, uint3 gtid : SV_GroupThreadID)
{
    float2 uv = (float2(id.xy) + 0.5) * InvDestSize;
    float2 t = InvSourceSize;
    float3 a = Source.SampleLevel(LinearClamp, uv + t * float2(-2, -2), 0).rgb;
    float3 b = Source.SampleLevel(LinearClamp, uv + t * float2(0, -2), 0).rgb;
    float3 c = Source.SampleLevel(LinearClamp, uv + t * float2(2, -2), 0).rgb;
    float3 d = Source.SampleLevel(LinearClamp, uv + t * float2(-2, 0), 0).rgb;
    float3 e = Source.SampleLevel(LinearClamp, uv, 0).rgb;
    float3 f = Source.SampleLevel(LinearClamp, uv + t * float2(2, 0), 0).rgb;
    float3 g = Source.SampleLevel(LinearClamp, uv + t * float2(-2, 2), 0).rgb;
    float3 h = Source.SampleLevel(LinearClamp, uv + t * float2(0, 2), 0).rgb;
    float3 i = Source.SampleLevel(LinearClamp, uv + t * float2(2, 2), 0).rgb;
    float3 result;
    if (FirstPass != 0)
        result = KarisAverage(a + b + d + e, b + c + e + f, d + e + g + h, e + f + h + i) * 0.25;
    else
        result = e * 0.125 + (a + c + g + i) * 0.03125 + (b + d + f + h) * 0.0625;
    Tile[gtid.y][gtid.x] = result;
    GroupMemoryBarrierWithGroupSync();
    float3 neighbour = Tile[gtid.y][gtid.x ^ 1];
    Destination[id.xy] = float4(lerp(result, neighbour, 0.0), 1.0);
}
