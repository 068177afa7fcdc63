// HLSL hull shader (entry point HSMain) with a patch-constant function: distance-based
// tessellation factors for triangle patches (SV_TessFactor, SV_InsideTessFactor).
cbuffer Tess : register(b0)
{
    float3 CameraPos;
    float MaxFactor;
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

float Factor(float3 a, float3 b)
{
    float d = distance((a + b) * 0.5, CameraPos);
    return clamp(MaxFactor * 8.0 / max(d, 1.0), 1.0, MaxFactor);
}

PatchConstants PatchConstantsMain(InputPatch<ControlPoint, 3> patch)
{
    PatchConstants pc;
    pc.Edges[0] = Factor(patch[1].Position, patch[2].Position);
    pc.Edges[1] = Factor(patch[2].Position, patch[0].Position);
    pc.Edges[2] = Factor(patch[0].Position, patch[1].Position);
    pc.Inside = (pc.Edges[0] + pc.Edges[1] + pc.Edges[2]) / 3.0;
    return pc;
}

[domain("tri")]
[partitioning("fractional_odd")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("PatchConstantsMain")]
ControlPoint HSMain(InputPatch<ControlPoint, 3> patch, uint id : SV_OutputControlPointID)
{
    return patch[id];
}
