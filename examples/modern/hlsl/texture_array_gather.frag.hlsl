// HLSL texture arrays, gathers with offsets and comparison sampling (shadow maps).
Texture2DArray<float4> Layers : register(t0);
Texture2D<float> ShadowMap : register(t1);
SamplerState Linear : register(s0);
SamplerComparisonState Shadow : register(s1);

float4 main(float4 position : SV_Position, float3 uvw : TEXCOORD0, float4 shadowPos : TEXCOORD1) : SV_Target {
  float4 red = Layers.GatherRed(Linear, uvw, int2(1, 0));
  float lit = ShadowMap.SampleCmpLevelZero(Shadow, shadowPos.xy, shadowPos.z);
  uint w, h, layers;
  Layers.GetDimensions(w, h, layers);
  return red * lit + float(layers) / 256.0;
}
