// HLSL pixel shader: textures, samplers and a constant buffer.
Texture2D<float4> Albedo : register(t0, space1);
Texture2D<float2> MetalRough : register(t1, space1);
SamplerState Linear : register(s0, space1);

cbuffer Light : register(b0) {
  float3 LightDir;
  float Intensity;
};

struct PSInput {
  float4 position : SV_Position;
  float3 normal : NORMAL;
  float2 uv : TEXCOORD0;
};

float4 PSMain(PSInput input) : SV_Target0 {
  float4 base = Albedo.Sample(Linear, input.uv);
  float2 mr = MetalRough.Sample(Linear, input.uv);
  float ndl = saturate(dot(normalize(input.normal), -LightDir));
  float3 diffuse = base.rgb * (1.0 - mr.x) * ndl * Intensity;
  return float4(diffuse + mr.y * 0.04, base.a);
}
